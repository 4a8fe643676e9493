// The offline cache's pure rules (sw-policy.ts, served inside /sw.js): the allow-list, what may be
// kept, the eviction order, ranges of kept files and the offline page.
import { describe, expect, it } from "vitest";
import {
  cacheName,
  courseToDrop,
  documentUrlOfData,
  inCourse,
  keyOfCache,
  mayKeep,
  mayServeKept,
  NO_USER,
  offlinePageHtml,
  parseRange,
  planEviction,
  requestKind,
  titleOf,
  userKeyOf,
} from "./sw-policy.ts";

const ORIGIN = "https://academia.example";
const at = (path: string) => new URL(path, ORIGIN);
const KEY = "AbCdEfGhIjKlMnOpQrStUv";

describe("requestKind (the allow-list)", () => {
  it.each([
    ["/cursos/cm0abc123def456ghi789jkl0", "page"],
    ["/cursos/cm0abc123def456ghi789jkl0?pdf=f1", "page"],
    ["/cursos/cm0abc123def456ghi789jkl0?modulo=2", "page"],
    ["/cursos/c1/archivos/f1", "file"],
    ["/cursos/c1.data?_routes=root", "data"],
    ["/admin/courses.data", "data"],
    ["/_.data", "data"],
  ])("%s is %s", (path, kind) => {
    expect(requestKind(at(path), ORIGIN)).toBe(kind);
  });

  it.each([
    "/",
    "/cursos",
    "/cursos/dirigido/estudiante",
    "/cursos/c1?q=x",
    "/cursos/c1/archivos/f1?descargar=1",
    "/cursos/c1/modulos/0/evaluacion",
    "/cursos/c1/finalizar",
    "/admin",
    "/admin/courses",
    "/docente/cursos/c1/editar",
    "/api/cursos/c1",
    "/api/books/download/b1",
    "/user/courses",
    "/biblioteca/b1/pdf",
    "/certificados/ABC/pdf",
    "/usuarios/u1/imagen",
    "/salir",
  ])("%s is not kept", (path) => {
    expect(requestKind(at(path), ORIGIN)).toBeNull();
  });

  it("never answers for another origin", () => {
    expect(requestKind(new URL("https://other.example/cursos/c1"), ORIGIN)).toBeNull();
    expect(requestKind(new URL("https://other.example/cursos/c1/archivos/f1"), ORIGIN)).toBeNull();
  });
});

describe("mayKeep", () => {
  const ok = { status: 200, redirected: false, keep: "1", user: KEY, range: false };

  it("keeps a marked 200 of the allow-list for a signed-in user", () => {
    expect(mayKeep(at("/cursos/c1"), ORIGIN, ok)).toBe(true);
    expect(mayKeep(at("/cursos/c1/archivos/f1"), ORIGIN, ok)).toBe(true);
  });

  it.each([
    ["not marked by the server", { keep: null }],
    ["marked with another value", { keep: "0" }],
    ["nobody signed in", { user: NO_USER }],
    ["no user header", { user: null }],
    ["a malformed user key", { user: "../x" }],
    ["a redirect", { redirected: true }],
    ["a range", { range: true }],
    ["a partial answer", { status: 206 }],
    ["an error", { status: 403 }],
  ])("does not keep %s", (_why, over) => {
    expect(mayKeep(at("/cursos/c1"), ORIGIN, { ...ok, ...over })).toBe(false);
  });

  it("does not keep admin pages, API answers or data requests even when marked", () => {
    for (const path of ["/admin/courses", "/api/cursos/c1", "/cursos/c1.data", "/user/courses", "/"]) {
      expect(mayKeep(at(path), ORIGIN, ok)).toBe(false);
    }
  });
});

describe("courseToDrop (a learner who left a course loses its kept copies)", () => {
  it("names the course of a page or file the server says may no longer be kept", () => {
    expect(courseToDrop(at("/cursos/c1"), ORIGIN, { keep: "0", user: KEY })).toBe("/cursos/c1");
    expect(courseToDrop(at("/cursos/c1?pdf=f1"), ORIGIN, { keep: "0", user: KEY })).toBe("/cursos/c1");
    expect(courseToDrop(at("/cursos/c1/archivos/f1"), ORIGIN, { keep: "0", user: KEY })).toBe("/cursos/c1");
  });

  it("drops nothing without an explicit 0 for a signed-in user, nor outside the allow-list", () => {
    expect(courseToDrop(at("/cursos/c1"), ORIGIN, { keep: null, user: KEY })).toBeNull();
    expect(courseToDrop(at("/cursos/c1"), ORIGIN, { keep: "1", user: KEY })).toBeNull();
    expect(courseToDrop(at("/cursos/c1"), ORIGIN, { keep: "0", user: NO_USER })).toBeNull();
    expect(courseToDrop(at("/admin/courses"), ORIGIN, { keep: "0", user: KEY })).toBeNull();
  });

  it("matches the course's page, its variants and its files, not another course", () => {
    expect(inCourse("/cursos/c1", "/cursos/c1")).toBe(true);
    expect(inCourse("/cursos/c1?modulo=2", "/cursos/c1")).toBe(true);
    expect(inCourse("/cursos/c1/archivos/f1", "/cursos/c1")).toBe(true);
    expect(inCourse("/cursos/c10", "/cursos/c1")).toBe(false);
    expect(inCourse("/cursos/c10/archivos/f1", "/cursos/c1")).toBe(false);
  });
});

describe("user keys and cache names", () => {
  it("names one cache per user and reads the key back", () => {
    expect(keyOfCache(cacheName(KEY))).toBe(KEY);
    expect(cacheName(KEY)).not.toBe(cacheName("OtherUserKey0123456789"));
    expect(keyOfCache("academia-offline-v0-" + KEY)).toBeNull();
    expect(keyOfCache("something-else")).toBeNull();
  });

  it("reads the header: a key, 'none' or nothing", () => {
    expect(userKeyOf(KEY)).toBe(KEY);
    expect(userKeyOf("none")).toBe(NO_USER);
    expect(userKeyOf(null)).toBeNull();
    expect(userKeyOf("short")).toBeNull();
    expect(userKeyOf("with space and more characters")).toBeNull();
  });
});

describe("mayServeKept (kept copies only while the browser holds their owner's sign-in)", () => {
  it("answers from the cache whose owner the sign-in marker names", () => {
    expect(mayServeKept(KEY, KEY)).toBe(true);
  });

  it.each([
    ["no marker (cookies cleared, session over, signed out)", null, KEY],
    ["an empty marker", "", KEY],
    ["another user's marker", "OtherUserKey0123456789", KEY],
    ["a marker that is not a key", "../x", KEY],
    ["'none' as a marker", NO_USER, NO_USER],
    ["no owner", KEY, null],
  ])("does not with %s", (_why, marker, owner) => {
    expect(mayServeKept(marker, owner)).toBe(false);
  });
});

describe("documentUrlOfData", () => {
  it.each([
    ["/cursos/c1.data?_routes=routes%2Fcourses%2Fdetail", "/cursos/c1"],
    ["/cursos/c1.data?pdf=f1&_routes=root", "/cursos/c1?pdf=f1"],
    ["/_.data", "/"],
    ["/_root.data", "/"],
    ["/user/_.data?index", "/user/"],
  ])("%s → %s", (path, doc) => {
    expect(documentUrlOfData(at(path))).toBe(doc);
  });
});

describe("planEviction (bounded, oldest first)", () => {
  const MB = 1024 * 1024;
  const entries = [
    { url: "/b", size: 20 * MB, time: 2 },
    { url: "/a", size: 20 * MB, time: 1 },
    { url: "/c", size: 5 * MB, time: 3 },
  ];

  it("evicts nothing while the new entry fits", () => {
    expect(planEviction(entries, { url: "/d", size: 5 * MB }, 50 * MB)).toEqual({ fits: true, evict: [] });
  });

  it("evicts the oldest entries until the new one fits", () => {
    expect(planEviction(entries, { url: "/d", size: 10 * MB }, 50 * MB)).toEqual({ fits: true, evict: ["/a"] });
    expect(planEviction(entries, { url: "/d", size: 30 * MB }, 50 * MB)).toEqual({
      fits: true,
      evict: ["/a", "/b"],
    });
  });

  it("does not count the entry it overwrites", () => {
    expect(planEviction(entries, { url: "/a", size: 25 * MB }, 50 * MB)).toEqual({ fits: true, evict: [] });
  });

  it("refuses an entry larger than the whole limit, deleting nothing", () => {
    expect(planEviction(entries, { url: "/big", size: 51 * MB }, 50 * MB)).toEqual({ fits: false, evict: [] });
  });

  it("fills the limit exactly", () => {
    expect(planEviction([{ url: "/a", size: 10, time: 1 }], { url: "/b", size: 90 }, 100).evict).toEqual([]);
    expect(planEviction([{ url: "/a", size: 10, time: 1 }], { url: "/b", size: 91 }, 100).evict).toEqual(["/a"]);
  });
});

describe("parseRange (kept files answer a PDF viewer's ranges)", () => {
  it.each([
    ["bytes=0-9", { start: 0, end: 9 }],
    ["bytes=10-", { start: 10, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=50-500", { start: 50, end: 99 }],
  ])("%s of 100 bytes", (header, range) => {
    expect(parseRange(header, 100)).toEqual(range);
  });

  it("answers the whole body for none or an unknown form, 416 for an impossible one", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("bytes=-", 100)).toBe("invalid");
    expect(parseRange("bytes=100-", 100)).toBe("invalid");
    expect(parseRange("bytes=9-3", 100)).toBe("invalid");
  });
});

describe("titleOf and the offline page", () => {
  it("names a kept course page by its heading", () => {
    const html = '<title>Cursos | Academia</title><h1 class="x">Diseño &amp; accesibilidad</h1>';
    expect(titleOf(html)).toBe("Diseño & accesibilidad");
    expect(titleOf("<title>Solo título</title>")).toBe("Solo título");
    expect(titleOf("<p>nada</p>")).toBeNull();
  });

  it("says it is offline, lists the kept pages and escapes what it shows", () => {
    const html = offlinePageHtml('/user?x="y"', [{ url: "/cursos/c1", title: "<b>Curso</b> & más" }]);
    expect(html).toContain("<h1>Sin conexión</h1>");
    expect(html).toContain('<a href="/cursos/c1">&lt;b&gt;Curso&lt;/b&gt; &amp; más</a>');
    expect(html).toContain('href="/user?x=&quot;y&quot;"');
    expect(html).not.toContain("<script");
  });

  it("explains how to keep material when nothing is kept yet", () => {
    expect(offlinePageHtml("/", [])).toContain("Guardar para leer sin conexión");
  });
});
