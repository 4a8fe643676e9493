// The anonymous page cache: only plain anonymous GETs of the catalog pages, a fresh CSP nonce
// on every replay, and a page rendered again as soon as the catalog changes (the stamp in the
// database, so every instance sees it).
import { beforeEach, describe, expect, it } from "vitest";
import { deleteCourse, publishCourse } from "~/features/courses/admin-courses.server.ts";
import { addModule } from "~/features/courses/authoring/authoring.server.ts";
import { bumpCatalog, catalogVersion } from "~/lib/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { clearPageCache, pageCacheKey, pageCacheMiddleware } from "~/lib/page-cache.server.ts";
import { createUser, getRequest } from "./factories.ts";

const NONCE = "c3RvcmVkLW5vbmNlLTEyMzQ=";

/** A stand-in for the rendered document: counts renders, carries a nonce like entry.server. */
function renderer(body = "<h1>Cursos</h1>") {
  let renders = 0;
  const next = async () => {
    renders++;
    return new Response(`<html><script nonce="${NONCE}">x</script>${body} ${renders}</html>`, {
      status: 200,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`,
      },
    });
  };
  return { next, renders: () => renders };
}

async function visit(path: string, next: () => Promise<Response>, cookie?: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const response = (await pageCacheMiddleware({ request: getRequest(path, cookie) } as any, next as any)) as Response;
  return { response, html: await response.text() };
}

describe("pageCacheKey", () => {
  it.each([
    ["/", "/"],
    ["/cursos", "/cursos"],
    ["/cursos?page=3", "/cursos?page=3"],
    ["/cursos?page=003", "/cursos?page=3"],
    ["/cursos?desde=1763891234567_ckabc&page=2", "/cursos?desde=1763891234567_ckabc&page=2"],
    ["/cursos?page=2&desde=1763891234567_ckabc", "/cursos?desde=1763891234567_ckabc&page=2"],
    ["/cursos/dirigido/docente", "/cursos/dirigido/docente"],
    ["/cursos/cm0abc123def456ghi789jkl0", "/cursos/cm0abc123def456ghi789jkl0"],
  ])("caches %s", (path, key) => {
    expect(pageCacheKey(getRequest(path))).toBe(key);
  });

  it.each([
    "/cursos.data",
    "/cursos/abc/modulos/0/evaluacion",
    "/cursos?q=algo",
    "/cursos?page=2&x=1",
    "/cursos?page=abc",
    "/cursos?page=1&page=2",
    "/cursos?desde=x%27or",
    "/login",
    "/user",
    "/admin/courses",
  ])("never caches %s", (path) => {
    expect(pageCacheKey(getRequest(path))).toBeNull();
  });

  it("never caches a signed-in visitor, one with a flash message, a token, or a POST", () => {
    expect(pageCacheKey(getRequest("/cursos", "academia_session=abc"))).toBeNull();
    expect(pageCacheKey(getRequest("/cursos", "__Host-academia_flash=abc"))).toBeNull();
    expect(pageCacheKey(getRequest("/cursos", "otra=1; academia_session=abc"))).toBeNull();
    expect(pageCacheKey(getRequest("/cursos", "analitica=1"))).toBe("/cursos");
    const withToken = new Request("http://localhost:3000/cursos", { headers: { Authorization: "Bearer x" } });
    expect(pageCacheKey(withToken)).toBeNull();
    expect(pageCacheKey(new Request("http://localhost:3000/cursos", { method: "POST" }))).toBeNull();
  });
});

describe("pageCacheMiddleware", () => {
  beforeEach(() => clearPageCache());

  it("renders once, then replays with a fresh nonce in the page and in its CSP", async () => {
    const page = renderer();
    const first = await visit("/cursos", page.next);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.html).toContain(NONCE);

    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const again = await visit("/cursos", page.next);
      expect(again.response.headers.get("X-Page-Cache")).toBe("hit");
      expect(again.html).not.toContain(NONCE);
      const nonce = /nonce="([^"]+)"/.exec(again.html)![1]!;
      expect(again.response.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
      expect(again.response.headers.get("Content-Security-Policy")).not.toContain(NONCE);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
    expect(page.renders()).toBe(1);
  });

  it("renders again once the catalog changes", async () => {
    const page = renderer();
    await visit("/", page.next);
    await visit("/", page.next);
    expect(page.renders()).toBe(1);
    const before = await catalogVersion();
    await bumpCatalog();
    expect(await catalogVersion()).toBe(before + 1);
    const after = await visit("/", page.next);
    expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(page.renders()).toBe(2);
  });

  it("publishing a course is a catalog change", async () => {
    const admin = await createUser({ rol: "admin" });
    const course = await prisma.course.create({
      data: {
        titulo: "Borrador para publicar",
        dirigidoA: "estudiante",
        herramientas: [],
        loAprenderan: [],
        creadoPorId: admin.id,
      },
    });
    const page = renderer();
    await visit("/cursos", page.next);
    const outcome = await publishCourse(admin, course.id, getRequest("/admin/courses"));
    expect(outcome.ok).toBe(true);
    const after = await visit("/cursos", page.next);
    expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("adding a module and deleting a course are catalog changes too", async () => {
    const admin = await createUser({ rol: "admin" });
    const course = await prisma.course.create({
      data: {
        titulo: "Curso publicado",
        estado: "publicado",
        dirigidoA: "docente",
        herramientas: [],
        loAprenderan: [],
        creadoPorId: admin.id,
      },
    });
    const page = renderer();
    const path = `/cursos/${course.id}`;
    await visit(path, page.next);
    expect((await visit(path, page.next)).response.headers.get("X-Page-Cache")).toBe("hit");

    expect((await addModule(course.id, { titulo: "Módulo nuevo", descripcion: "" })).ok).toBe(true);
    expect((await visit(path, page.next)).response.headers.get("X-Page-Cache")).toBe("miss");

    await visit("/", page.next);
    expect((await deleteCourse(admin, course.id, getRequest("/admin/courses"))).ok).toBe(true);
    expect((await visit("/", page.next)).response.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("does not keep answers that set a cookie or are not 200, nor serve signed-in visitors", async () => {
    let renders = 0;
    const withCookie = async () => {
      renders++;
      return new Response("<p>x</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } });
    };
    await visit("/cursos/dirigido/docente", withCookie);
    await visit("/cursos/dirigido/docente", withCookie);
    expect(renders).toBe(2);

    const missing = async () => {
      renders++;
      return new Response("<p>no</p>", { status: 404, headers: { "Content-Type": "text/html" } });
    };
    await visit("/cursos/noexiste", missing);
    await visit("/cursos/noexiste", missing);
    expect(renders).toBe(4);

    const page = renderer();
    await visit("/cursos", page.next);
    const signedIn = await visit("/cursos", page.next, "academia_session=abc");
    expect(signedIn.response.headers.get("X-Page-Cache")).toBeNull();
    expect(page.renders()).toBe(2);
  });
});
