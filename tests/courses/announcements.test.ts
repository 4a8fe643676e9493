// @postgresql: an announcement's recipients in raw SQL
// A course's announcements (docs/product.md#announcements, docs/decisions/026-announcements.md):
// the team posts, edits and deletes them (page and API, audited, in one transaction); enrolled
// learners read them on the course page, its list and their panel across courses; nobody else
// does; links are made clickable safely; the reads stay a few statements on their indexes
// whatever the number of announcements. The SQL is caught from Prisma's query log, as in
// tests/classes/classes-queries.test.ts: app modules load after it.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const service = await import("~/features/announcements/announcements.server.ts");
const { linkify } = await import("~/lib/linkify.ts");
const { LinkedText } = await import("~/components/ui/linked-text.tsx");
const texts = await import("~/features/announcements/texts.ts");
const { COURSE_NOT_FOUND } = await import("~/features/courses/texts.ts");
const { TEXT_NOT_ALLOWED } = await import("~/lib/text.ts");
const managePage = await import("~/routes/announcements/manage.tsx");
const listPage = await import("~/routes/courses/announcements.tsx");
const coursePage = await import("~/routes/courses/detail.tsx");
const userHome = await import("~/routes/user/index.tsx");
const userAnnouncements = await import("~/routes/user/announcements.tsx");
const api = await import("~/routes/api/cursos.avisos.ts");
const apiOne = await import("~/routes/api/cursos.aviso.ts");
const { args, createCourse, createUser, dataOf, formRequest, getRequest, jsonRequest, readJson, signedIn, thrown } =
  await import("../factories.ts");

type Signed = Awaited<ReturnType<typeof signedIn>>;
let courseA: { id: string };
let courseB: { id: string };
let teacher: Signed;
let otherDocente: Signed;
let learner: Signed;
let outsider: Signed;
let admin: Signed;

beforeAll(async () => {
  [courseA, courseB] = [await createCourse({ titulo: "Huerta escolar" }), await createCourse({ titulo: "Compostaje" })];
  [teacher, otherDocente, learner, outsider, admin] = [
    await signedIn({ rol: "docente", nombre: "Marta", apellido: "Soto" }),
    await signedIn("docente"),
    await signedIn("estudiante"),
    await signedIn("estudiante"),
    await signedIn("admin"),
  ];
  await prisma.courseTeacher.create({ data: { cursoId: courseA.id, userId: teacher.user.id } });
  await prisma.enrolment.createMany({
    data: [
      { userId: learner.user.id, cursoId: courseA.id },
      { userId: learner.user.id, cursoId: courseB.id },
    ],
  });
});

const managePath = (cursoId: string) => `/docente/cursos/${cursoId}/avisos`;

async function postByPage(fields: Record<string, string>, who: Signed = teacher, cursoId = courseA.id) {
  return managePage.action(args(formRequest(managePath(cursoId), fields, { cookie: who.cookie }), { cursoId }));
}

function apiCall(method: string, path: string, who: Signed | null, body?: unknown) {
  return jsonRequest(path, body, { method, token: who?.token });
}

async function postByApi(cursoId: string, body: unknown, who: Signed = teacher) {
  return api.action(args(apiCall("POST", `/api/cursos/${cursoId}/avisos`, who, body), { cursoId }));
}

async function getByApi(cursoId: string, who: Signed | null, query = "") {
  return api.loader(args(apiCall("GET", `/api/cursos/${cursoId}/avisos${query}`, who), { cursoId }));
}

const auditOf = (action: string, targetId: string) =>
  prisma.auditLog.findMany({ where: { action, targetId }, orderBy: { createdAt: "asc" } });

describe("the team posts, edits and deletes", () => {
  it("posts from the teacher's page: redirected with the flash, audited", async () => {
    const response = (await postByPage({
      intent: "publish",
      titulo: "Bienvenida",
      texto: "Hola.\r\nEl módulo 1 abre hoy.",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(managePath(courseA.id));
    const row = await prisma.announcement.findFirstOrThrow({ where: { cursoId: courseA.id, titulo: "Bienvenida" } });
    expect(row).toMatchObject({ authorId: teacher.user.id, texto: "Hola.\nEl módulo 1 abre hoy." });
    const audits = await auditOf("announcement.post", courseA.id);
    expect(audits.at(-1)).toMatchObject({ actorId: teacher.user.id, targetType: "course" });
    expect(audits.at(-1)!.detail).toContain(row.id);
  });

  it("gives the form back with its values and Spanish errors", async () => {
    const reply = dataOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
      await postByPage({ intent: "publish", titulo: "", texto: "x".repeat(texts.TEXT_MAX + 1) }),
    );
    expect(reply.status).toBe(400);
    expect(reply.data.result.error.titulo).toEqual([texts.TITLE_REQUIRED]);
    expect(reply.data.result.error.texto).toEqual([texts.TEXT_TOO_LONG]);
    expect(reply.data.result.initialValue.texto).toHaveLength(texts.TEXT_MAX + 1);
    const control = dataOf<{ result: { error: Record<string, string[]> } }>(
      await postByPage({ intent: "publish", titulo: "a\u202eb", texto: "ok\u0000" }),
    );
    expect(control.data.result.error.titulo).toEqual([TEXT_NOT_ALLOWED]);
    expect(control.data.result.error.texto).toEqual([TEXT_NOT_ALLOWED]);
  });

  it("edits and deletes from the page, each audited", async () => {
    const row = await prisma.announcement.findFirstOrThrow({ where: { cursoId: courseA.id, titulo: "Bienvenida" } });
    const loaded = await managePage.loader(
      args(getRequest(`${managePath(courseA.id)}?editar=${row.id}`, teacher.cookie), { cursoId: courseA.id }),
    );
    expect(loaded.editing).toMatchObject({ id: row.id, titulo: "Bienvenida" });
    const edited = (await postByPage({
      intent: "edit",
      avisoId: row.id,
      titulo: "Bienvenida (nueva fecha)",
      texto: "El módulo 1 abre el lunes.",
    })) as Response;
    expect(edited.status).toBe(302);
    expect(await prisma.announcement.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      titulo: "Bienvenida (nueva fecha)",
    });
    expect((await auditOf("announcement.edit", courseA.id)).at(-1)?.detail).toContain(row.id);
    const deleted = (await postByPage({ intent: "delete", avisoId: row.id })) as Response;
    expect(deleted.status).toBe(302);
    expect(await prisma.announcement.findUnique({ where: { id: row.id } })).toBeNull();
    expect((await auditOf("announcement.delete", courseA.id)).at(-1)?.detail).toContain(row.id);
  });

  it("lets an admin post on the same page", async () => {
    const response = (await postByPage(
      { intent: "publish", titulo: "De la dirección", texto: "Hola." },
      admin,
    )) as Response;
    expect(response.headers.get("Location")).toBe(managePath(courseA.id));
    await prisma.announcement.deleteMany({ where: { titulo: "De la dirección" } });
  });

  it("refuses a docente off the team (404 page, 403 calls) and an announcement of another course", async () => {
    const page = await thrown(
      managePage.loader(args(getRequest(managePath(courseA.id), otherDocente.cookie), { cursoId: courseA.id })),
    );
    expect(page.status).toBe(404);
    const post = await thrown(postByPage({ intent: "publish", titulo: "x", texto: "y" }, otherDocente));
    expect(post.status).toBe(404);
    const call = await postByApi(courseA.id, { titulo: "x", texto: "y" }, otherDocente);
    expect(call.status).toBe(403);
    expect(await getByApi(courseA.id, otherDocente)).toHaveProperty("status", 403);
    // The teacher of course A is nobody in course B.
    expect((await postByApi(courseB.id, { titulo: "x", texto: "y" })).status).toBe(403);
    const inB = await prisma.announcement.create({ data: { cursoId: courseB.id, titulo: "De B", texto: "b" } });
    const crossed = await apiOne.action(
      args(apiCall("PUT", `/api/cursos/${courseA.id}/avisos/${inB.id}`, teacher, { titulo: "x", texto: "y" }), {
        cursoId: courseA.id,
        avisoId: inB.id,
      }),
    );
    expect([crossed.status, (await readJson(crossed)).error]).toEqual([404, texts.ANNOUNCEMENT_NOT_FOUND]);
    await prisma.announcement.delete({ where: { id: inB.id } });
  });
});

describe("telling the learners", () => {
  it("notifies every learner enrolled in the course, in-app and by e-mail, never its author, a suspended learner or anyone else", async () => {
    const course = await createCourse({ titulo: "Apicultura" });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
    const enrolled = [await createUser({ rol: "estudiante" }), await createUser({ rol: "comunidad" })];
    // A suspended learner (aprobado false) is told nothing.
    const suspended = await createUser({ rol: "estudiante" });
    await prisma.user.update({ where: { id: suspended.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    await prisma.enrolment.createMany({
      data: [
        ...[...enrolled, suspended].map((u) => ({ userId: u.id, cursoId: course.id })),
        { userId: teacher.user.id, cursoId: course.id },
      ],
    });
    const texto = `Mañana revisamos las colmenas. ${"x".repeat(400)}`;
    const created = (await readJson(await postByApi(course.id, { titulo: "Salida a terreno", texto }))) as {
      id: string;
    };
    expect(created.id).toBeTruthy();

    const notes = await prisma.notification.findMany({
      where: { kind: "aviso", link: `/cursos/${course.id}/avisos` },
      select: { userId: true, title: true, text: true },
    });
    expect(notes.map((n) => n.userId).sort()).toEqual(enrolled.map((u) => u.id).sort());
    expect(notes[0]!.title).toBe("Salida a terreno (Apicultura)");
    expect(notes[0]!.text.length).toBeLessThanOrEqual(300);
    expect(notes[0]!.text.endsWith("…")).toBe(true);
    // 'aviso' is e-mailed at once by default: one mail per learner, through the outbox.
    const mails = await prisma.outboxMail.findMany({
      where: {
        kind: "notice.aviso",
        subject: { contains: "(Apicultura)" },
      },
      select: { toUserId: true },
    });
    expect(mails.map((m) => m.toUserId).sort()).toEqual(enrolled.map((u) => u.id).sort());

    // An edit tells nobody again.
    await apiOne.action(
      args(
        apiCall("PUT", `/api/cursos/${course.id}/avisos/${created.id}`, teacher, { titulo: "Salida", texto: "Otra" }),
        {
          cursoId: course.id,
          avisoId: created.id,
        },
      ),
    );
    expect(await prisma.notification.count({ where: { kind: "aviso", link: `/cursos/${course.id}/avisos` } })).toBe(2);
  });
});

describe("the API", () => {
  it("POST answers 201 with the announcement; PUT and DELETE are audited", async () => {
    const created = await postByApi(courseA.id, { titulo: "  Por la API ", texto: "Ver https://ejemplo.cl." });
    expect(created.status).toBe(201);
    const body = (await readJson(created)) as Record<string, unknown>;
    expect(body).toMatchObject({
      cursoId: courseA.id,
      curso: "Huerta escolar",
      titulo: "Por la API",
      texto: "Ver https://ejemplo.cl.",
      autor: "Marta Soto",
      editadoEn: null,
    });
    expect(new Date(body.publicadoEn as string).toISOString()).toBe(body.publicadoEn);
    const id = body.id as string;
    const bad = await postByApi(courseA.id, { titulo: "", texto: 3 });
    expect(bad.status).toBe(400);
    expect(typeof (await readJson(bad)).error).toBe("string");
    const malformed = await api.action(
      args(jsonRequest(`/api/cursos/${courseA.id}/avisos`, null, { token: teacher.token, raw: "{" }), {
        cursoId: courseA.id,
      }),
    );
    expect(malformed.status).toBe(400);
    const put = await apiOne.action(
      args(apiCall("PUT", `/api/cursos/${courseA.id}/avisos/${id}`, teacher, { titulo: "Editado", texto: "Nuevo" }), {
        cursoId: courseA.id,
        avisoId: id,
      }),
    );
    expect(put.status).toBe(200);
    expect(await readJson(put)).toMatchObject({ id, titulo: "Editado", texto: "Nuevo" });
    const del = await apiOne.action(
      args(apiCall("DELETE", `/api/cursos/${courseA.id}/avisos/${id}`, admin), { cursoId: courseA.id, avisoId: id }),
    );
    expect([del.status, await readJson(del)]).toEqual([200, { message: texts.ANNOUNCEMENT_DELETED, id }]);
    const again = await apiOne.action(
      args(apiCall("DELETE", `/api/cursos/${courseA.id}/avisos/${id}`, admin), { cursoId: courseA.id, avisoId: id }),
    );
    expect(again.status).toBe(404);
    expect((await auditOf("announcement.delete", courseA.id)).at(-1)).toMatchObject({ actorId: admin.user.id });
    expect((await auditOf("announcement.edit", courseA.id)).at(-1)).toMatchObject({ actorId: teacher.user.id });
  });

  it("GET: the enrolled learner and the team read (200), the others are refused", async () => {
    const posted = await postByApi(courseA.id, { titulo: "Para leer", texto: "Texto" });
    const id = ((await readJson(posted)) as { id: string }).id;
    for (const who of [learner, teacher, admin]) {
      const response = await getByApi(courseA.id, who);
      expect(response.status).toBe(200);
      const body = (await readJson(response)) as { cursoId: string; avisos: Array<{ id: string }> };
      expect(body.cursoId).toBe(courseA.id);
      expect(body.avisos[0]!.id).toBe(id);
    }
    const outside = await getByApi(courseA.id, outsider);
    expect([outside.status, (await readJson(outside)).error]).toEqual([403, texts.ANNOUNCEMENTS_FORBIDDEN]);
    expect((await getByApi(courseA.id, null)).status).toBe(401);
    const unknown = await getByApi("no-existe", learner);
    expect([unknown.status, (await readJson(unknown)).error]).toEqual([404, COURSE_NOT_FOUND]);
    expect((await getByApi(courseA.id, learner, "?desde=nada")).status).toBe(400);
    await prisma.announcement.delete({ where: { id } });
  });
});

describe("learners see them; visitors and others do not", () => {
  let course: { id: string };
  let ids: string[];
  beforeAll(async () => {
    course = await createCourse({ titulo: "Reciclaje" });
    await prisma.enrolment.create({ data: { userId: learner.user.id, cursoId: course.id } });
    const base = Date.parse("2026-03-01T12:00:00Z");
    ids = [];
    for (let i = 0; i < 25; i++) {
      const row = await prisma.announcement.create({
        data: { cursoId: course.id, titulo: `Aviso ${i}`, texto: `Texto ${i}`, createdAt: new Date(base + i * 60_000) },
      });
      ids.unshift(row.id); // newest first
    }
  });

  const courseLoader = (who: Signed | null) =>
    coursePage.loader(args(getRequest(`/cursos/${course.id}`, who?.cookie), { cursoId: course.id }));

  it("shows the newest few at the top of the course page to an enrolled learner, with 'Ver todos'", async () => {
    const { announcements } = await courseLoader(learner);
    expect(announcements?.latest.map((a) => a.id)).toEqual(ids.slice(0, service.LATEST_ON_COURSE_PAGE));
    expect(announcements).toMatchObject({ more: true, manageHref: null });
    const { CourseAnnouncements } = await import("~/features/announcements/components/course-announcements.tsx");
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(CourseAnnouncements, { cursoId: course.id, data: announcements! }),
      ),
    );
    expect(html).toContain("Aviso 24");
    expect(html).toContain(`href="/cursos/${course.id}/avisos"`);
    expect(html).toContain(texts.SEE_ALL);
  });

  it("shows nothing of them to a visitor or a learner not enrolled; the team gets its way in", async () => {
    expect((await courseLoader(null)).announcements).toBeNull();
    expect((await courseLoader(outsider)).announcements).toBeNull();
    expect((await courseLoader(admin)).announcements?.manageHref).toBe(managePath(course.id));
  });

  it("pages the course's list by cursor, newest first, both ways", async () => {
    const path = `/cursos/${course.id}/avisos`;
    const first = await listPage.loader(args(getRequest(path, learner.cookie), { cursoId: course.id }));
    expect(first.avisos.map((a) => a.id)).toEqual(ids.slice(0, service.ANNOUNCEMENT_PAGE_SIZE));
    expect(first.cursors.prev).toBeNull();
    const second = await listPage.loader(
      args(getRequest(`${path}?page=2&desde=${first.cursors.next}`, learner.cookie), { cursoId: course.id }),
    );
    expect(second.avisos.map((a) => a.id)).toEqual(ids.slice(service.ANNOUNCEMENT_PAGE_SIZE));
    expect(second.cursors.next).toBeNull();
    const back = await listPage.loader(
      args(getRequest(`${path}?antes=${second.cursors.prev}`, learner.cookie), { cursoId: course.id }),
    );
    expect(back.avisos.map((a) => a.id)).toEqual(first.avisos.map((a) => a.id));
    // The API pages the same way, with a Link header.
    const response = await getByApi(course.id, learner);
    expect(response.headers.get("Link")).toContain(`desde=${first.cursors.next}`);
    // A visitor signs in first; a learner not enrolled is told who reads them.
    const visitor = await thrown(listPage.loader(args(getRequest(path), { cursoId: course.id })));
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const refused = await listPage
      .loader(args(getRequest(path, outsider.cookie), { cursoId: course.id }))
      .catch((e: unknown) => e as { init: { status: number }; data: string });
    expect(refused).toMatchObject({ init: { status: 403 }, data: texts.ANNOUNCEMENTS_FORBIDDEN });
  });

  it("hides a course back in draft from its learners, not from its team", async () => {
    await prisma.course.update({ where: { id: course.id }, data: { estado: "borrador" } });
    expect((await getByApi(course.id, learner)).status).toBe(404);
    expect((await getByApi(course.id, admin)).status).toBe(200);
    const feed = await service.listMyAnnouncements(learner.user, null);
    expect(feed.avisos.some((a) => a.cursoId === course.id)).toBe(false);
    await prisma.course.update({ where: { id: course.id }, data: { estado: "publicado" } });
  });

  it("signs with the team once the author's account is gone", async () => {
    const author = await createUser({ rol: "docente" });
    const row = await prisma.announcement.create({
      data: { cursoId: course.id, authorId: author.id, titulo: "Firmado", texto: "x", createdAt: new Date(0) },
    });
    await prisma.user.delete({ where: { id: author.id } });
    const page = await service.listCourseAnnouncements(course.id, null, 100);
    expect(page.avisos.find((a) => a.id === row.id)?.autor).toBeNull();
    expect(texts.byLine(null)).toBe(texts.TEAM_AUTHOR);
    await prisma.announcement.delete({ where: { id: row.id } });
  });
});

describe("'Avisos de mis cursos' across courses", () => {
  let person: Signed;
  let all: string[];
  beforeAll(async () => {
    person = await signedIn("estudiante");
    const courses = [
      await createCourse({ titulo: "Uno" }),
      await createCourse({ titulo: "Dos" }),
      await createCourse({ titulo: "Tres" }),
    ];
    const notMine = await createCourse({ titulo: "Ajeno" });
    await prisma.enrolment.createMany({ data: courses.map((c) => ({ userId: person.user.id, cursoId: c.id })) });
    const base = Date.parse("2026-04-01T12:00:00Z");
    const rows: Array<{ id: string; at: number }> = [];
    // Interleaved in time across the three courses, some at the very same instant.
    for (let i = 0; i < 45; i++) {
      const at = base + Math.floor(i / 2) * 1000;
      const row = await prisma.announcement.create({
        data: { cursoId: courses[i % 3]!.id, titulo: `Aviso ${i}`, texto: "x", createdAt: new Date(at) },
      });
      rows.push({ id: row.id, at });
    }
    await prisma.announcement.create({ data: { cursoId: notMine.id, titulo: "Ajeno", texto: "x" } });
    all = rows.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((r) => r.id);
  });

  it("merges the courses newest first, page after page, and back", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const pages = [];
    do {
      const url = new URL(`http://x/user/avisos${cursor ? `?desde=${cursor}` : ""}`);
      const page = await userAnnouncements.loader(args(getRequest(url.pathname + url.search, person.cookie)));
      pages.push(page);
      seen.push(...page.avisos.map((a) => a.id));
      cursor = page.cursors.next;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(pages).toHaveLength(Math.ceil(45 / service.ANNOUNCEMENT_PAGE_SIZE));
    const back = await service.listMyAnnouncements(person.user, { antes: decode(pages[2]!.cursors.prev!) });
    expect(back.avisos.map((a) => a.id)).toEqual(pages[1]!.avisos.map((a) => a.id));
  });

  it("shows the newest few on /user, with the course they are from", async () => {
    const home = await userHome.loader(args(getRequest("/user", person.cookie)));
    expect(home.avisos.map((a) => a.id)).toEqual(all.slice(0, 3));
    expect(home.avisos[0]!.curso).toMatch(/Uno|Dos|Tres/);
    expect(home.moreAvisos).toBe(true);
  });
});

function decode(key: string) {
  const [ms, id] = key.split("_");
  return { createdAt: new Date(Number(ms)), id: id! };
}

describe("links in the text", () => {
  const html = (text: string) => renderToStaticMarkup(createElement(LinkedText, { text }));

  it("links http and https addresses, without the sentence's punctuation", () => {
    expect(linkify("Lee https://ejemplo.cl/guia.pdf. Y http://otro.cl/a?b=1&c=2, gracias")).toEqual([
      { kind: "text", text: "Lee " },
      { kind: "link", text: "https://ejemplo.cl/guia.pdf", href: "https://ejemplo.cl/guia.pdf" },
      { kind: "text", text: ". Y " },
      { kind: "link", text: "http://otro.cl/a?b=1&c=2", href: "http://otro.cl/a?b=1&c=2" },
      { kind: "text", text: ", gracias" },
    ]);
    expect(linkify("(ver https://es.wikipedia.org/wiki/Ñandú_(ave))")[1]).toMatchObject({
      text: "https://es.wikipedia.org/wiki/Ñandú_(ave)",
    });
    expect(html("a https://x.cl b")).toBe(
      '<p class="whitespace-pre-line break-words ">a <a href="https://x.cl/" target="_blank" ' +
        'rel="noopener noreferrer nofollow" class="font-medium text-brand-700 underline">https://x.cl</a> b</p>',
    );
  });

  it("never makes a link of anything else, and never lets HTML through", () => {
    const nasty = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "<script>alert(1)</script>",
      '<a href="javascript:alert(1)">clic</a>',
      "<img src=x onerror=alert(1)>",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      'https://x.cl/"><script>alert(1)</script>',
      "https://x.cl/'onmouseover='alert(1)",
      "http://",
      "https:///nada",
      "xhttps://x.cl",
      "file:///etc/passwd",
      "//evil.example/x",
    ];
    for (const text of nasty) {
      const out = html(text);
      // No element but the paragraph and its links: every other '<' is escaped text.
      expect(
        out.replace(/<\/?p[ >]|<a href="[^"]*" target="_blank" rel="noopener noreferrer nofollow"|<\/a>/g, ""),
        text,
      ).not.toContain("<");
      for (const [, href] of out.matchAll(/href="([^"]*)"/g)) expect(href, text).toMatch(/^https?:\/\/[^/]/);
      // The text reads back as typed (only escaped).
      expect(
        linkify(text)
          .map((p) => p.text)
          .join(""),
        text,
      ).toBe(text);
    }
    expect(html("<script>alert(1)</script>")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html('https://x.cl/"><script>')).toContain('href="https://x.cl/"');
  });
});

describe("Descargar mis datos", () => {
  it("holds the announcements the person posted, in avisos-publicados.json", async () => {
    const author = await signedIn("docente");
    const course = await createCourse({ titulo: "Con avisos propios" });
    const mine = await prisma.announcement.create({
      data: { cursoId: course.id, authorId: author.user.id, titulo: "Mío", texto: "Texto mío" },
    });
    await prisma.announcement.create({
      data: { cursoId: course.id, authorId: teacher.user.id, titulo: "Ajeno", texto: "x" },
    });
    const webRoute = await import("~/routes/users/my-data.ts");
    const response = (await webRoute.loader(args(getRequest("/mis-datos", author.cookie)))) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    const script =
      "import io, sys, zipfile; print(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read('avisos-publicados.json').decode())";
    const { execFileSync } = await import("node:child_process");
    const published = JSON.parse(execFileSync("python3", ["-c", script], { input: bytes }).toString()) as unknown[];
    expect(published).toEqual([
      {
        id: mine.id,
        curso: { id: course.id, titulo: "Con avisos propios" },
        titulo: "Mío",
        texto: "Texto mío",
        publicadoEn: mine.createdAt.toISOString(),
        actualizadoEn: mine.updatedAt.toISOString(),
      },
    ]);
  });
});

async function selects(run: () => Promise<unknown>) {
  statements.length = 0;
  await run();
  return statements.filter((s) => /^\s*SELECT/i.test(s.query));
}

async function plan(query: string, params: unknown[]) {
  const rows = await logged!.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query}`, ...params);
  return rows.map((r) => r.detail).join("\n");
}

describe.skipIf(!sqlite)("the reads stay flat (SQLite)", () => {
  async function learnerWith(perCourse: number) {
    const person = await createUser();
    const courses = [
      await createCourse({ titulo: "Q1" }),
      await createCourse({ titulo: "Q2" }),
      await createCourse({ titulo: "Q3" }),
    ];
    await prisma.enrolment.createMany({ data: courses.map((c) => ({ userId: person.id, cursoId: c.id })) });
    await prisma.announcement.createMany({
      data: courses.flatMap((c) =>
        Array.from({ length: perCourse }, (_, i) => ({ cursoId: c.id, titulo: `A${i}`, texto: "x" })),
      ),
    });
    return { person, courses };
  }

  it("reads a learner's panel and a course's list in the same statements for 2 or 200 a course", async () => {
    const few = await learnerWith(2);
    const many = await learnerWith(200);
    const small = await selects(() => service.listMyAnnouncements(few.person, null));
    const large = await selects(() => service.listMyAnnouncements(many.person, null));
    expect(large.length).toBe(small.length);
    // The page's ids (one statement from the enrolments), its rows and their course and author.
    expect(large.length).toBeLessThanOrEqual(4);
    const courseSmall = await selects(() => service.listCourseAnnouncements(few.courses[0]!.id, null));
    const courseLarge = await selects(() => service.listCourseAnnouncements(many.courses[0]!.id, null));
    expect(courseLarge.length).toBe(courseSmall.length);
    for (const { query, params } of [...large, ...courseLarge].filter((s) => s.query.includes('"Announcement"'))) {
      const lines = await plan(query, params);
      // Every read of the table goes through an index (a range or the primary key), never a scan.
      expect(lines, query).not.toMatch(/SCAN (main\.)?"?Announcement"?(?! USING)/);
    }
    // The feed starts from the person's enrolments and reads each course's (cursoId, createdAt, id)
    // index range: no walk of other courses' announcements.
    const feed = large.find((s) => s.query.includes("CROSS JOIN"))!;
    const feedPlan = await plan(feed.query, feed.params);
    expect(feedPlan).toMatch(/SEARCH e USING (COVERING )?INDEX Enrolment_userId/);
    expect(feedPlan).toMatch(/SEARCH a USING COVERING INDEX Announcement_cursoId_createdAt_id_idx/);
  });
});
