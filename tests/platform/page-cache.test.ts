// The anonymous page cache: only plain anonymous GETs of the catalog pages, replays that are the
// same bytes every time (inline scripts allowed by hash, compressed once, ETag), and a page
// rendered again as soon as the catalog changes (the stamp in the database, so every instance
// sees it).
import crypto from "node:crypto";
import zlib from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { deleteCourse, publishCourse } from "~/features/courses/admin-courses.server.ts";
import { courseTareaFileKeys } from "~/features/assignments/files.server.ts";
import { addModule } from "~/features/authoring/editor-steps.server.ts";
import { bumpCatalog, catalogVersion } from "~/lib/db/catalog-stamp.server.ts";
import {
  clearPageCache,
  pageCacheKey,
  pageCacheMiddleware,
  pageCacheSettled,
  pickEncoding,
  withScriptHashes,
} from "~/lib/page-cache.server.ts";
import { createCourse, createUser, getRequest } from "../factories.ts";

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

async function visit(path: string, next: () => Promise<Response>, cookie?: string, headers: HeadersInit = {}) {
  const request = getRequest(path, cookie);
  for (const [name, value] of new Headers(headers)) request.headers.set(name, value);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const response = (await pageCacheMiddleware({ request } as any, next as any)) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("Content-Encoding");
  const plain =
    encoding === "br" ? zlib.brotliDecompressSync(bytes) : encoding === "gzip" ? zlib.gunzipSync(bytes) : bytes;
  return { response, bytes, html: plain.toString("utf8") };
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

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

  it("renders once, then replays the same bytes: scripts allowed by hash, no nonce left", async () => {
    const page = renderer();
    const first = await visit("/cursos", page.next);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.html).not.toContain(NONCE);
    const csp = first.response.headers.get("Content-Security-Policy")!;
    expect(csp).toBe(`default-src 'self'; script-src 'self' ${sha256("x")} 'strict-dynamic'`);

    await pageCacheSettled();
    const replays = [];
    for (let i = 0; i < 3; i++)
      replays.push(await visit("/cursos", page.next, undefined, { "Accept-Encoding": "gzip" }));
    for (const again of replays) {
      expect(again.response.headers.get("X-Page-Cache")).toBe("hit");
      expect(again.response.headers.get("Content-Encoding")).toBe("gzip");
      expect(again.response.headers.get("Content-Length")).toBe(String(again.bytes.length));
      expect(again.response.headers.get("Content-Security-Policy")).toBe(csp);
      expect(again.html).toBe(first.html);
      expect(again.bytes.equals(replays[0]!.bytes)).toBe(true);
    }
    expect(page.renders()).toBe(1);
  });

  it("sends Brotli or gzip as the browser accepts, the plain page otherwise, and 304 for its ETag", async () => {
    const page = renderer("<h1>Cursos</h1>".repeat(200));
    const first = await visit("/", page.next);
    await pageCacheSettled();
    const br = await visit("/", page.next, undefined, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.response.headers.get("Content-Encoding")).toBe("br");
    expect(br.response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(br.bytes.length).toBeLessThan(Buffer.byteLength(first.html) / 5);
    expect(br.html).toBe(first.html);
    const plain = await visit("/", page.next, undefined, { "Accept-Encoding": "identity" });
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(plain.html).toBe(first.html);

    expect(br.response.headers.get("Cache-Control")).toBe("no-cache");
    const etag = br.response.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await visit("/", page.next, undefined, { "If-None-Match": etag });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect(revalidated.response.headers.get("ETag")).toBe(etag);
    const other = await visit("/", page.next, undefined, { "If-None-Match": 'W/"otro"' });
    expect(other.response.status).toBe(200);
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
    const course = await createCourse({
      titulo: "Borrador para publicar",
      estado: "borrador",
      dirigidoA: "estudiante",
      creadoPorId: admin.id,
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
    const course = await createCourse({ titulo: "Curso publicado", dirigidoA: "docente", creadoPorId: admin.id });
    const page = renderer();
    const path = `/cursos/${course.id}`;
    await visit(path, page.next);
    expect((await visit(path, page.next)).response.headers.get("X-Page-Cache")).toBe("hit");

    expect((await addModule(course.id, { titulo: "Módulo nuevo", descripcion: "" })).ok).toBe(true);
    expect((await visit(path, page.next)).response.headers.get("X-Page-Cache")).toBe("miss");

    await visit("/", page.next);
    expect((await deleteCourse(admin, course.id, getRequest("/admin/courses"), courseTareaFileKeys)).ok).toBe(true);
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

describe("withScriptHashes", () => {
  const csp = `script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`;

  it("hashes every inline script, once each, and takes the nonce out of the page", () => {
    const html = `<script nonce="${NONCE}">a()</script><p>x</p><script nonce="${NONCE}" type="module">b()</script>`;
    const frozen = withScriptHashes(html + `<script nonce="${NONCE}">a()</script>`, csp)!;
    expect(frozen.html).toBe(`<script>a()</script><p>x</p><script type="module">b()</script><script>a()</script>`);
    expect(frozen.csp).toBe(`script-src 'self' ${sha256("a()")} ${sha256("b()")} 'strict-dynamic'`);
  });

  it("refuses a page with a script loaded by src, or with the nonce left anywhere else", () => {
    expect(withScriptHashes(`<script nonce="${NONCE}" src="/x.js"></script>`, csp)).toBeNull();
    expect(withScriptHashes(`<p data-n="${NONCE}"></p>`, csp)).toBeNull();
  });

  it("keeps a page without a CSP (development) as it is", () => {
    expect(withScriptHashes("<script>a()</script>", null)).toEqual({ html: "<script>a()</script>", csp: null });
  });
});

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["identity", null],
    ["", null],
  ] as const)("%j → %s", (header, expected) => {
    expect(pickEncoding(header, ["br", "gzip"])).toBe(expected);
  });

  it("only offers what is stored", () => {
    expect(pickEncoding("br, gzip", [])).toBeNull();
    expect(pickEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });
});
