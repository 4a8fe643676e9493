// The signed-in person's page cache (app/features/site/personal-page-cache.server.ts): a page is replayed
// only to the user it was rendered for, only while the catalog and that user's own rows are
// unchanged (CacheStamp versions kept by database triggers, whoever writes), and never for a
// request that carries a flash message, a page outside the learner's own, or an answer that sets
// a cookie.
import zlib from "node:zlib";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionMiddleware } from "~/features/auth/guards.server.ts";
import { keepOffline, offlineMiddleware } from "~/features/offline/offline.server.ts";
import { enrol, unenrol } from "~/features/enrolment/enrolment.server.ts";
import { sendMessage } from "~/features/messages/messages.server.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import { bumpCatalog, stampsOf } from "~/features/site/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import {
  clearPersonalPageCache,
  personalCacheKey,
  personalPageCacheMiddleware,
} from "~/features/site/personal-page-cache.server.ts";
import { createUser, getRequest, sessionCookie } from "./factories.ts";

const NONCE = "cGVyc29uYWwtbm9uY2UtMTIzNA==";

async function publishedCourse() {
  return prisma.course.create({
    data: {
      ...courseTitleFields(`Curso ${Math.random()}`),
      estado: "publicado",
      dirigidoA: "general",
      duracionHoras: 2,
      herramientas: [],
      loAprenderan: [],
    },
  });
}

/** A stand-in for the rendered page: who it was rendered for, how many renders, a nonce. */
function renderer(options: { keep?: boolean; setCookie?: boolean; status?: number } = {}) {
  let renders = 0;
  const next = (args: { request: Request; context: RouterContextProvider }) => async () => {
    renders++;
    if (options.keep !== undefined) keepOffline(args, options.keep);
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`,
    });
    if (options.setCookie) headers.set("Set-Cookie", "a=b");
    return new Response(`<html><script nonce="${NONCE}">x</script><p>render ${renders}</p></html>`, {
      status: options.status ?? 200,
      headers,
    });
  };
  return { next, renders: () => renders };
}

async function visit(path: string, page: ReturnType<typeof renderer>, cookie?: string, extra: HeadersInit = {}) {
  const request = getRequest(path, cookie);
  for (const [name, value] of new Headers(extra)) request.headers.set(name, value);
  const args = { request, params: {}, context: new RouterContextProvider(), unstable_pattern: "" };
  // The root middleware in its order (app/root.tsx): session, offline marks, then this cache.
  const response = (await sessionMiddleware(
    args as never,
    () =>
      offlineMiddleware(
        args as never,
        () => personalPageCacheMiddleware(args as never, page.next(args) as never) as Promise<Response>,
      ) as Promise<Response>,
  )) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  const html = (response.headers.get("Content-Encoding") === "gzip" ? zlib.gunzipSync(bytes) : bytes).toString();
  return { response, html };
}

describe("personalCacheKey", () => {
  it.each([
    ["/", "/"],
    ["/cursos?page=2", "/cursos?page=2"],
    ["/cursos/dirigido/docente", "/cursos/dirigido/docente"],
    ["/cursos/ckabcdefghijklmnop", "/cursos/ckabcdefghijklmnop"],
    ["/user", "/user"],
    ["/user/courses", "/user/courses"],
    ["/user/certificates", "/user/certificates"],
    ["/user/messages?carpeta=enviados", "/user/messages?carpeta=enviados"],
    ["/user.data?_routes=routes%2Fuser%2Findex", "/user.data?_routes=routes%2Fuser%2Findex"],
  ])("keeps the learner's own page %s", (path, key) => {
    expect(personalCacheKey(getRequest(path))).toBe(key);
  });

  it.each(["/user/profile", "/admin", "/admin/records", "/biblioteca", "/cursos/x/modulos/1/evaluacion", "/mis-datos"])(
    "never keeps %s",
    (path) => {
      expect(personalCacheKey(getRequest(path))).toBeNull();
    },
  );

  it("never keeps a request with a flash message, a token, or a POST", () => {
    expect(personalCacheKey(getRequest("/user", "academia_session=a; academia_flash=b"))).toBeNull();
    const token = getRequest("/user");
    token.headers.set("Authorization", "Bearer x");
    expect(personalCacheKey(token)).toBeNull();
    expect(personalCacheKey(new Request("http://localhost:3000/user", { method: "POST" }))).toBeNull();
  });
});

describe("the person's version (database triggers)", () => {
  it("moves with every write to their rows, whoever writes, and not with anyone else's", async () => {
    const course = await publishedCourse();
    const ana = await createUser({ rol: "estudiante" });
    const other = await createUser({ rol: "estudiante" });
    const version = async () => (await stampsOf(ana.id)).user;
    const otherVersion = async () => (await stampsOf(other.id)).user;
    const steps: Array<[string, () => Promise<unknown>]> = [
      ["enrolment", () => enrol(ana, course.id)],
      ["progress", () => prisma.enrolment.updateMany({ where: { userId: ana.id }, data: { progreso: 50 } })],
      [
        "attempt",
        async () => {
          const modulo = await prisma.module.create({ data: { cursoId: course.id, titulo: "M", posicion: 0 } });
          await prisma.quizAttempt.create({
            data: {
              userId: ana.id,
              cursoId: course.id,
              moduloId: modulo.id,
              porcentaje: 100,
              aprobado: true,
              correctas: 1,
              totalPreguntas: 1,
            },
          });
        },
      ],
      [
        "certificate",
        () =>
          prisma.certificate.create({
            data: {
              userId: ana.id,
              cursoId: course.id,
              codigo: `C${Date.now()}`,
              nombreTitular: "Ana",
              tituloCurso: course.titulo,
              duracionHoras: 2,
            },
          }),
      ],
      [
        "certificate renamed",
        () => prisma.certificate.updateMany({ where: { userId: ana.id }, data: { nombreTitular: "Ana B" } }),
      ],
      ["profile", () => prisma.user.update({ where: { id: ana.id }, data: { nombre: "Anita" } })],
      ["message received", () => sendMessage(other, { to: ana.correo, subject: "Hola", content: "Hola, Ana" })],
      ["message read", () => prisma.message.updateMany({ where: { toId: ana.id }, data: { leidoEn: new Date() } })],
      ["message sent", () => sendMessage(ana, { to: other.correo, subject: "Hola", content: "Hola de vuelta" })],
      ["unenrolment", () => unenrol(ana.id, course.id)],
      ["certificate deleted", () => prisma.certificate.deleteMany({ where: { userId: ana.id } })],
    ];
    for (const [name, write] of steps) {
      const before = await version();
      await write();
      expect(await version(), name).toBeGreaterThan(before);
    }

    // Another person's own writes leave Ana's version alone.
    const before = await version();
    await prisma.user.update({ where: { id: other.id }, data: { nombre: "Otra" } });
    await enrol(other, course.id);
    expect(await version()).toBe(before);
    expect(await otherVersion()).toBeGreaterThan(0);

    // Deleting the account takes its version with it.
    await prisma.user.delete({ where: { id: other.id } });
    expect(await prisma.cacheStamp.count({ where: { name: `user:${other.id}` } })).toBe(0);
  });
});

describe("personalPageCacheMiddleware", () => {
  beforeEach(() => clearPersonalPageCache());

  it("renders once per person, replays it only to them, scripts allowed by hash", async () => {
    const ana = await createUser({ rol: "estudiante" });
    const beto = await createUser({ rol: "estudiante" });
    const [anaCookie, betoCookie] = [await sessionCookie(ana), await sessionCookie(beto)];
    const page = renderer();
    const first = await visit("/user", page, anaCookie);
    expect(first.html).toContain("render 1");
    expect(first.html).not.toContain(NONCE);
    const again = await visit("/user", page, anaCookie, { "Accept-Encoding": "gzip" });
    expect(again.response.headers.get("X-Page-Cache")).toBe("personal");
    expect(again.html).toBe(first.html);
    expect(again.response.headers.get("Content-Security-Policy")).toMatch(/'sha256-[^']+'/);
    expect(page.renders()).toBe(1);

    // Beto asks for the same address: his own render, never Ana's page.
    const his = await visit("/user", page, betoCookie);
    expect(his.html).toContain("render 2");
    expect(his.response.headers.get("X-Page-Cache")).toBeNull();
    // Anonymous and signed-out visitors are never served from it.
    const anonymous = await visit("/user", page);
    expect(anonymous.html).toContain("render 3");
    // After a few replays the page is kept compressed; the bytes are the same.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const compressed = await visit("/user", page, anaCookie, { "Accept-Encoding": "gzip" });
    expect(compressed.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(compressed.html).toBe(first.html);
    const plain = await visit("/user", page, anaCookie, { "Accept-Encoding": "identity" });
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(plain.html).toBe(first.html);
    expect(page.renders()).toBe(3);
  });

  it("compresses a page once, when it is rendered for a browser that takes gzip, and replays those bytes", async () => {
    const ana = await createUser({ rol: "estudiante" });
    const cookie = await sessionCookie(ana);
    const page = renderer();
    const first = await visit("/user/courses", page, cookie, { "Accept-Encoding": "gzip, deflate, br" });
    expect(first.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(first.response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(first.html).toContain("render 1");
    const again = await visit("/user/courses", page, cookie, { "Accept-Encoding": "gzip" });
    expect(again.response.headers.get("X-Page-Cache")).toBe("personal");
    expect(again.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(again.response.headers.get("Content-Length")).toBe(first.response.headers.get("Content-Length"));
    expect(again.html).toBe(first.html);
    // A browser that takes no gzip gets the same page as is.
    const plain = await visit("/user/courses", page, cookie, { "Accept-Encoding": "identity" });
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(plain.html).toBe(first.html);
    expect(page.renders()).toBe(1);
  });

  it("renders again after a write to the person's rows or to the catalog", async () => {
    const course = await publishedCourse();
    const ana = await createUser({ rol: "estudiante" });
    const cookie = await sessionCookie(ana);
    const page = renderer();
    await visit("/cursos", page, cookie);
    await visit("/cursos", page, cookie);
    expect(page.renders()).toBe(1);
    await enrol(ana, course.id);
    expect((await visit("/cursos", page, cookie)).html).toContain("render 2");
    await visit("/cursos", page, cookie);
    expect(page.renders()).toBe(2);
    await bumpCatalog();
    expect((await visit("/cursos", page, cookie)).html).toContain("render 3");
  });

  it("does not keep answers that set a cookie or are not 200, nor pages other than the learner's own", async () => {
    const ana = await createUser({ rol: "estudiante" });
    const cookie = await sessionCookie(ana);
    for (const [path, options] of [
      ["/user", { setCookie: true }],
      ["/user/courses", { status: 404 }],
      ["/user/profile", {}],
    ] as const) {
      const page = renderer(options);
      await visit(path, page, cookie);
      await visit(path, page, cookie);
      expect(page.renders(), path).toBe(2);
    }
    const page = renderer();
    await visit("/user", page, `${cookie}; academia_flash=x`);
    await visit("/user", page, `${cookie}; academia_flash=x`);
    expect(page.renders()).toBe(2);
  });

  it("a replay says what the render said about keeping the page offline", async () => {
    const ana = await createUser({ rol: "estudiante" });
    const cookie = await sessionCookie(ana);
    const page = renderer({ keep: true });
    const first = await visit("/cursos/ckabcdefghijklmnop", page, cookie);
    expect(first.response.headers.get("X-Offline-Keep")).toBe("1");
    const replayed = await visit("/cursos/ckabcdefghijklmnop", page, cookie);
    expect(page.renders()).toBe(1);
    expect(replayed.response.headers.get("X-Page-Cache")).toBe("personal");
    expect(replayed.response.headers.get("X-Offline-Keep")).toBe("1");
  });
});
