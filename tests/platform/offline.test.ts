// The server's side of offline reading (decision 014): which answers say who is signed in and which
// may be kept (only an enrolled learner's course page and module files), /sw.js, the manifest,
// and "Salir" clearing the browser's cache while still ending the session.
import fs from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionMiddleware } from "~/features/accounts/guards.server.ts";
import { offlineKey, offlineMiddleware } from "~/features/offline/offline.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { resetEnvCache } from "~/lib/env.server.ts";
import * as logout from "~/routes/auth/logout.ts";
import * as detail from "~/routes/courses/detail.tsx";
import * as manifest from "~/routes/manifest.ts";
import * as moduleFile from "~/routes/courses/module-file.ts";
import * as sw from "~/routes/sw.ts";
import { createCourse, createUser, formRequest, getRequest, sessionCookie, storedPdf } from "../factories.ts";

async function courseWithFile() {
  const course = await createCourse(
    { titulo: "Curso sin conexión", modulos: [{ titulo: "Uno", archivos: await storedPdf() }] },
    { include: { modulos: { include: { archivos: true } } } },
  );
  return { course, fileId: course.modulos[0]!.archivos[0]!.id };
}

/** A request through the root's session and offline middleware to `handler`, as React Router runs it. */
async function through(request: Request, handler: (context: RouterContextProvider) => Promise<Response>) {
  const context = new RouterContextProvider();
  type Args = Parameters<typeof offlineMiddleware>[0];
  const mw = { request, context, params: {}, unstable_pattern: "" } as unknown as Args;
  const inner = async () => (await offlineMiddleware(mw, () => handler(context))) as Response;
  return (await sessionMiddleware(mw, inner)) as Response;
}

const html = (init?: ResponseInit) =>
  new Response("<html></html>", { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...init?.headers } });

async function coursePage(courseId: string, cookie?: string, init?: ResponseInit) {
  const request = getRequest(`/cursos/${courseId}`, cookie);
  return through(request, async (context) => {
    await detail.loader({ request, params: { cursoId: courseId }, context } as never);
    return html(init);
  });
}

function filePath(courseId: string, fileId: string, query = "") {
  return `/cursos/${courseId}/archivos/${fileId}${query}`;
}

async function file(courseId: string, fileId: string, cookie?: string, query = "") {
  const request = getRequest(filePath(courseId, fileId, query), cookie);
  return through(request, (context) =>
    moduleFile.loader({ request, params: { cursoId: courseId, archivoId: fileId }, context } as never),
  );
}

describe("offline marks", () => {
  it("lets an enrolled learner's device keep the course page and its files, under the learner's key", async () => {
    const { course, fileId } = await courseWithFile();
    const learner = await createUser({ rol: "estudiante" });
    await prisma.enrolment.create({ data: { userId: learner.id, cursoId: course.id } });
    const cookie = await sessionCookie(learner);

    const page = await coursePage(course.id, cookie);
    expect(page.headers.get("X-Offline-User")).toBe(offlineKey(learner.id));
    expect(page.headers.get("X-Offline-Keep")).toBe("1");

    const pdf = await file(course.id, fileId, cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("X-Offline-Keep")).toBe("1");
    expect(pdf.headers.get("X-Offline-User")).toBe(offlineKey(learner.id));

    // A download is not the reading copy; a page that sets a cookie (a flash shown once) is not kept.
    expect((await file(course.id, fileId, cookie, "?descargar=1")).headers.get("X-Offline-Keep")).toBeNull();
    const flashed = await coursePage(course.id, cookie, { headers: { "Set-Cookie": "academia_flash=; Max-Age=0" } });
    expect(flashed.headers.get("X-Offline-Keep")).toBeNull();
  });

  it("marks 'not keepable' for someone not enrolled or an admin, nothing for a visitor ('none')", async () => {
    const { course, fileId } = await courseWithFile();
    const other = await createUser({ rol: "estudiante" });
    const admin = await createUser({ rol: "admin" });

    // Signed in but not enrolled (never, or no longer): whatever the device kept of the course goes.
    const otherCookie = await sessionCookie(other);
    const notEnrolled = await coursePage(course.id, otherCookie);
    expect(notEnrolled.headers.get("X-Offline-User")).toBe(offlineKey(other.id));
    expect(notEnrolled.headers.get("X-Offline-Keep")).toBe("0");
    const refused = await file(course.id, fileId, otherCookie);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("X-Offline-Keep")).toBe("0");

    // An admin may open every file, but it is not a learner's material.
    const adminCookie = await sessionCookie(admin);
    const adminFile = await file(course.id, fileId, adminCookie);
    expect(adminFile.status).toBe(200);
    expect(adminFile.headers.get("X-Offline-Keep")).toBe("0");

    const visitor = await coursePage(course.id);
    expect(visitor.headers.get("X-Offline-User")).toBe("none");
    expect(visitor.headers.get("X-Offline-Keep")).toBeNull();
  });

  it("labels pages and data answers only, and only GETs", async () => {
    const learner = await createUser();
    const cookie = await sessionCookie(learner);
    const json = await through(getRequest("/api/cursos/lista", cookie), async () => Response.json({ ok: true }));
    expect(json.headers.get("X-Offline-User")).toBeNull();
    const data = await through(getRequest("/user.data?_routes=root", cookie), async () => new Response("[]"));
    expect(data.headers.get("X-Offline-User")).toBe(offlineKey(learner.id));
    const post = await through(formRequest("/contacto", {}, { cookie }), async () => html());
    expect(post.headers.get("X-Offline-User")).toBeNull();
  });

  it("gives each user an opaque, stable key", async () => {
    const [a, b] = [await createUser(), await createUser()];
    expect(offlineKey(a.id)).toBe(offlineKey(a.id));
    expect(offlineKey(a.id)).not.toBe(offlineKey(b.id));
    expect(offlineKey(a.id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(offlineKey(a.id)).not.toContain(a.id);
  });
});

describe("/sw.js and /manifest.webmanifest", () => {
  it("serves the worker as one classic script with the configured limit", async () => {
    process.env.OFFLINE_CACHE_MB = "12";
    resetEnvCache();
    try {
      const response = sw.loader({ request: getRequest("/sw.js") } as never);
      expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      // An unchanged worker is a 304 when the browser checks for updates.
      const etag = response.headers.get("ETag")!;
      const again = new Request("http://localhost:3000/sw.js", { headers: { "If-None-Match": etag } });
      expect(sw.loader({ request: again } as never).status).toBe(304);
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      const source = await response.text();
      expect(source).toContain(`"limitBytes":${12 * 1024 * 1024}`);
      expect(source).not.toMatch(/^export /m);
      expect(source).not.toMatch(/^import /m);
      // It runs as a classic script (a module-only syntax or a leftover `export` would throw) and
      // starts: the worker's four listeners.
      const listened: string[] = [];
      const self = {
        location: new URL("http://localhost:3000/sw.js"),
        addEventListener: (t: string) => listened.push(t),
      };
      new Function("self", source)(self);
      expect(listened.sort()).toEqual(["activate", "fetch", "install", "message"]);
    } finally {
      delete process.env.OFFLINE_CACHE_MB;
      resetEnvCache();
    }
  });

  it("describes the installable app with icons that exist", async () => {
    const response = manifest.loader();
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json; charset=utf-8");
    const body = (await response.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(body).toMatchObject({ short_name: "Academia", display: "standalone", start_url: "/" });
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of body.icons) {
      const png = fs.readFileSync(path.join("public", icon.src));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
  });
});

describe("Salir", () => {
  it("ends the session and clears the browser's cache in the same answer", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const response = (await logout.action({ request: formRequest("/salir", {}, { cookie }) } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
    expect(response.headers.get("Set-Cookie")).toMatch(/academia_session=;.*Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const after = await coursePage((await courseWithFile()).course.id, cookie);
    expect(after.headers.get("X-Offline-User")).toBe("none");
  });
});
