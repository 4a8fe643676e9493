// The teacher's day (docs/product.md#course-teams, docs/decisions/042-the-teachers-day.md): the
// teacher's panel on the screens it shares with the others (one guard by the address), 'Para
// revisar' and its count, a new question told to the course's teachers at once (a real SMTP server
// receives it), and 'Sin actividad' in a class's progress. The SQL is caught from Prisma's query log
// (tests/query-log.ts): app modules load after it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { plansOf, sqlite, statements } from "../query-log.ts";
import { smtpCapture } from "../smtp.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { panelOfPath } = await import("~/features/accounts/guards.server.ts");
const { messagesLinkForRole } = await import("~/features/accounts/roles.ts");
const { RolePanel } = await import("~/features/accounts/components/role-panel.tsx");
const { countToReview, listToReview } = await import("~/features/questions/questions.server.ts");
const { setPreferences } = await import("~/features/notifications/notify.server.ts");
const { createSmtpTransport, deliverPending } = await import("~/features/mail/sender.server.ts");
const { sendMessage } = await import("~/features/messages/messages.server.ts");
const { getClassProgress } = await import("~/features/classes/progress.server.ts");
const { progressQueryFrom } = await import("~/features/classes/progress-schema.ts");
const { touchActivity } = await import("~/features/enrolment/progress.server.ts");
const { enrol } = await import("~/features/enrolment/enrolment.server.ts");
const { newClassCode } = await import("~/features/classes/codes.ts");
const { cursorFrom } = await import("~/lib/keyset.ts");
const docenteLayout = await import("~/routes/docente/layout.tsx");
const messagesPage = await import("~/routes/user/messages.tsx");
const profilePage = await import("~/routes/user/profile.tsx");
const coursesPage = await import("~/routes/user/courses.tsx");
const certificatesPage = await import("~/routes/user/certificates.tsx");
const reviewPage = await import("~/routes/docente/review.tsx");
const reviewApi = await import("~/routes/api/docente.revisar.ts");
const askApi = await import("~/routes/api/cursos.preguntas.ts");
const progressApi = await import("~/routes/api/cursos.class-progress.ts");
const { args, createCourse, createUser, dataOf, formRequest, getRequest, jsonRequest, readJson, signedIn, thrown } =
  await import("../factories.ts");

const smtp = smtpCapture();

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let coTeacher: Signed;
let otherDocente: Signed;
let learner: Signed;
let admin: Signed;
let courseA: { id: string; modulos: Array<{ id: string }> };
let courseC: { id: string; modulos: Array<{ id: string }> };
let courseB: { id: string; modulos: Array<{ id: string }> };

const newCourse = (titulo: string) =>
  createCourse(
    { titulo, estado: "publicado", modulos: [{ titulo: "Suelos" }, { titulo: "Riego" }] },
    { select: { id: true, modulos: { orderBy: { posicion: "asc" }, select: { id: true } } } },
  );

/** A question of `author` on module `i` of `course`, `minutes` ago (answered: with `respondida`). */
async function question(course: typeof courseA, i: number, minutes: number, texto: string, respondida = false) {
  return prisma.moduleQuestion.create({
    data: {
      cursoId: course.id,
      moduloId: course.modulos[i]!.id,
      authorId: learner.user.id,
      texto,
      respondida,
      createdAt: new Date(Date.now() - minutes * 60_000),
    },
  });
}

beforeAll(async () => {
  [teacher, coTeacher, otherDocente, learner, admin] = [
    await signedIn({ rol: "docente", nombre: "Marta", apellido: "Soto" }),
    await signedIn({ rol: "docente", nombre: "Pía", apellido: "Vera" }),
    await signedIn("docente"),
    await signedIn({ rol: "estudiante", nombre: "Luis", apellido: "Rojas" }),
    await signedIn("admin"),
  ];
  [courseA, courseC, courseB] = [
    await newCourse("Huerta de la maestra"),
    await newCourse("Compost de la maestra"),
    await newCourse("Curso de otra docente"),
  ];
  await prisma.courseTeacher.createMany({
    data: [
      { cursoId: courseA.id, userId: teacher.user.id },
      { cursoId: courseC.id, userId: teacher.user.id },
      { cursoId: courseB.id, userId: otherDocente.user.id },
    ],
  });
});

describe("the teacher's panel", () => {
  it("one guard decides the panel from the address", () => {
    const panel = (path: string) => panelOfPath(new Request(`http://localhost${path}`));
    expect(panel("/docente/messages")).toBe("docente");
    expect(panel("/docente/messages.data")).toBe("docente");
    expect(panel("/docente")).toBe("docente");
    expect(panel("/docente.data")).toBe("docente");
    expect(panel("/docentes/x")).toBe("user");
    expect(panel("/admin/profile")).toBe("admin");
    expect(panel("/user/messages")).toBe("user");
    expect(messagesLinkForRole("docente")).toBe("/docente/messages");
    expect(messagesLinkForRole("estudiante")).toBe("/user/messages");
  });

  it("a docente's messages, profile, courses and certificates answer in her panel; a learner or an admin goes home", async () => {
    const get = (path: string, who: Signed) => args(getRequest(path, who.cookie));
    const messages = dataOf<{ panel: string }>(await messagesPage.loader(get("/docente/messages", teacher) as never));
    expect(messages.data.panel).toBe("docente");
    await expect(profilePage.loader(get("/docente/profile", teacher) as never)).resolves.toBeTruthy();
    const courses = dataOf<{ path: string }>(await coursesPage.loader(get("/docente/courses", teacher) as never));
    expect(courses.data.path).toBe("/docente/courses");
    const certificates = dataOf<{ panel: string }>(
      await certificatesPage.loader(get("/docente/certificates", teacher) as never),
    );
    expect(certificates.data.panel).toBe("docente");
    // Her forms there answer back in her panel.
    const post = (path: string, fields: Record<string, string>) =>
      args(formRequest(path, fields, { cookie: teacher.cookie })) as never;
    const left = await coursesPage.action(post("/docente/courses", { intent: "unenrol", courseId: "no-existe" }));
    expect((left as Response).headers.get("Location")).toBe("/docente/courses");
    const renamed = await certificatesPage.action(post("/docente/certificates", { intent: "otra-cosa" }));
    expect((renamed as Response).headers.get("Location")).toBe("/docente/certificates");
    // The old addresses still answer her.
    const old = dataOf<{ panel: string }>(await messagesPage.loader(get("/user/messages", teacher) as never));
    expect(old.data.panel).toBe("user");
    for (const who of [learner, admin]) {
      for (const run of [
        () => messagesPage.loader(get("/docente/messages", who) as never),
        () => profilePage.loader(get("/docente/profile", who) as never),
        () => reviewPage.loader(get("/docente/revisar", who) as never),
      ]) {
        const response = await thrown(run());
        expect([response.status, response.headers.get("Location")]).toEqual([302, "/"]);
      }
    }
    const layout = await thrown(docenteLayout.loader(get("/docente/messages", learner) as never));
    expect(layout.headers.get("Location")).toBe("/");
  });

  it("her menu keeps every link in her panel, with 'Para revisar' and its count", () => {
    const panel = createElement(RolePanel, { rol: "docente", unreadBadge: null, review: 140 });
    const router = createMemoryRouter([{ path: "*", element: panel }], { initialEntries: ["/docente/messages"] });
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      "/docente",
      "/docente/revisar",
      "/docente/profile",
      "/docente/courses",
      "/docente/certificates",
      "/docente/messages",
    ]);
    expect(html).toContain("Para revisar");
    expect(html).toContain("(99+)");
    expect(html).toContain("(más de 99 por revisar)");
    expect(html).toMatch(
      /aria-current="page"[^>]*href="\/docente\/messages"|href="\/docente\/messages"[^>]*aria-current="page"/,
    );
  });

  it("a message to a docente links to her panel's messages", async () => {
    const sent = await sendMessage(admin.user, { to: coTeacher.user.correo, subject: "Hola", content: "Bienvenida." });
    expect(sent.ok).toBe(true);
    const note = await prisma.notification.findFirstOrThrow({ where: { userId: coTeacher.user.id, kind: "mensaje" } });
    expect(note.link).toMatch(/^\/docente\/messages\?ver=/);
  });
});

describe("'Para revisar'", () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      oldA: (await question(courseA, 0, 50, "¿Cuándo siembro?")).id,
      newC: (await question(courseC, 1, 5, "¿Sirve la ceniza?")).id,
      midA: (await question(courseA, 1, 20, "¿Cuánta agua?")).id,
      answered: (await question(courseA, 0, 10, "¿Ya respondida?", true)).id,
      other: (await question(courseB, 0, 1, "¿De otra docente?")).id,
    };
  });

  it("lists the unanswered questions of her teams' courses, newest first, each with its course, module and link", async () => {
    const { preguntas } = await listToReview(teacher.user, null);
    expect(preguntas.map((p) => p.id)).toEqual([ids.newC, ids.midA, ids.oldA]);
    expect(preguntas.map((p) => [p.curso, p.moduloIndex, p.modulo])).toEqual([
      ["Compost de la maestra", 1, "Riego"],
      ["Huerta de la maestra", 1, "Riego"],
      ["Huerta de la maestra", 0, "Suelos"],
    ]);
    // Another docente's course never shows; hers show only to her team.
    expect((await listToReview(otherDocente.user, null)).preguntas.map((p) => p.id)).toEqual([ids.other]);
    expect((await listToReview(coTeacher.user, null)).preguntas).toEqual([]);
  });

  it("pages by cursor, both ways", async () => {
    const first = await listToReview(teacher.user, null, 2);
    expect(first.preguntas.map((p) => p.id)).toEqual([ids.newC, ids.midA]);
    const second = await listToReview(teacher.user, cursorFrom(`http://x/?desde=${first.cursors.next}`), 2);
    expect(second.preguntas.map((p) => p.id)).toEqual([ids.oldA]);
    expect(second.cursors.next).toBeNull();
    const back = await listToReview(teacher.user, cursorFrom(`http://x/?antes=${second.cursors.prev}`), 2);
    expect(back.preguntas.map((p) => p.id)).toEqual([ids.newC, ids.midA]);
  });

  it("the count is one statement over her team rows and each course's unanswered range, capped", async () => {
    expect(await countToReview(teacher.user.id)).toBe(3);
    expect(await countToReview(otherDocente.user.id)).toBe(1);
    expect(await countToReview(coTeacher.user.id)).toBe(0);
    if (sqlite) {
      const plans = await plansOf(() => countToReview(teacher.user.id));
      expect(plans).toHaveLength(1);
      const plan = plans[0]!.plan.join("\n");
      expect(plan).toMatch(/SEARCH t USING INDEX CourseTeacher_userId_createdAt_idx/);
      expect(plan).toMatch(/SEARCH q USING COVERING INDEX ModuleQuestion_cursoId_respondida_createdAt_id_idx/);
      expect(plan).not.toMatch(/SCAN (t|q)\b|TEMP B-TREE/);
    }
    // A busy course: counted up to 100, shown as "99+".
    const busy = await newCourse("Curso con muchas preguntas");
    await prisma.courseTeacher.create({ data: { cursoId: busy.id, userId: coTeacher.user.id } });
    await prisma.moduleQuestion.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        cursoId: busy.id,
        moduloId: busy.modulos[0]!.id,
        authorId: learner.user.id,
        texto: `Pregunta ${i}`,
      })),
    });
    expect(await countToReview(coTeacher.user.id)).toBe(100);
  });

  it("reads a fixed number of statements, each a range of an index: her courses, the page, its modules and answers", async () => {
    const page = dataOf<{ questions: { preguntas: Array<{ id: string }> } }>(
      await reviewPage.loader(args(getRequest("/docente/revisar", teacher.cookie)) as never),
    );
    expect(page.data.questions.preguntas).toHaveLength(3);
    if (!sqlite) return;
    const selects = async (who: Signed) => {
      statements.length = 0;
      await listToReview(who.user, null);
      return statements.filter((s) => /^\s*SELECT/i.test(s.query)).length;
    };
    expect(await selects(teacher)).toBe(await selects(otherDocente));
    for (const cursor of [null, cursorFrom(`http://x/?desde=${Date.now()}_zzz`)]) {
      const plans = await plansOf(() => listToReview(teacher.user, cursor));
      const list = plans.find((p) => /FROM [`"]?(main[`"]?\.[`"]?)?ModuleQuestion/.test(p.query))!.plan.join("\n");
      expect(list).toMatch(
        /SEARCH (main\.)?ModuleQuestion USING INDEX ModuleQuestion_cursoId_respondida_createdAt_id_idx/,
      );
      for (const { plan } of plans) expect(plan.join("\n")).not.toMatch(/\bSCAN\b/);
    }
  });

  it("GET /api/docente/revisar: the same list for a docente; 403 for anyone else, 401 for a visitor", async () => {
    const call = (token?: string) =>
      reviewApi.loader(args(jsonRequest("/api/docente/revisar", null, { method: "GET", token })) as never);
    const ok = await call(teacher.token);
    expect(ok.status).toBe(200);
    const body = (await readJson(ok)) as { preguntas: Array<{ id: string; curso: string; respondida: boolean }> };
    expect(body.preguntas.map((p) => p.id)).toEqual([ids.newC, ids.midA, ids.oldA]);
    expect(body.preguntas[0]).toMatchObject({ curso: "Compost de la maestra", respondida: false });
    const refused = await call(learner.token);
    expect([refused.status, await readJson(refused)]).toEqual([
      403,
      { error: "No tienes permiso para realizar esta acción." },
    ]);
    expect((await call(admin.token)).status).toBe(403);
    expect((await call()).status).toBe(401);
  });
});

describe("a new question reaches the course's teachers at once", () => {
  it("a notification for each teacher but the asker, in one write; an e-mail at once unless they chose otherwise", async () => {
    const course = await newCourse("Curso de tres docentes");
    const quiet = await createUser({ rol: "docente" });
    const asking = await signedIn({ rol: "docente", nombre: "Ana", apellido: "Paz" });
    await prisma.courseTeacher.createMany({
      data: [teacher.user.id, coTeacher.user.id, quiet.id, asking.user.id].map((userId) => ({
        cursoId: course.id,
        userId,
      })),
    });
    await setPreferences(quiet.id, { pregunta: "app" });
    await prisma.enrolment.createMany({
      data: [learner.user.id, asking.user.id].map((userId) => ({ userId, cursoId: course.id })),
    });
    const ask = (who: Signed, texto: string) =>
      askApi.action(
        args(jsonRequest(`/api/cursos/${course.id}/modulos/0/preguntas`, { texto }, { token: who.token }), {
          cursoId: course.id,
          moduloIndex: "0",
        }) as never,
      );

    statements.length = 0;
    const created = (await readJson(await ask(learner, "¿Qué es el humus?"))) as { id: string };
    if (sqlite)
      expect(statements.filter((s) => /INSERT INTO [`"]?(main[`"]?\.[`"]?)?Notification/.test(s.query))).toHaveLength(
        1,
      );
    const notes = await prisma.notification.findMany({
      where: { kind: "pregunta", link: { contains: created.id } },
      select: { userId: true, digestPending: true },
    });
    expect(notes.map((n) => n.userId).sort()).toEqual(
      [teacher.user.id, coTeacher.user.id, quiet.id, asking.user.id].sort(),
    );
    expect(notes.every((n) => !n.digestPending)).toBe(true);
    const mails = await prisma.outboxMail.findMany({
      where: { kind: "notice.pregunta", text: { contains: created.id } },
      select: { toUserId: true },
    });
    expect(mails.map((m) => m.toUserId).sort()).toEqual([teacher.user.id, coTeacher.user.id, asking.user.id].sort());

    // A teacher who asks in her own course is not told of her own question; the others are.
    const own = (await readJson(await ask(asking, "¿Me leen?"))) as { id: string };
    const toldOfOwn = await prisma.notification.findMany({ where: { link: { contains: own.id } } });
    expect(toldOfOwn.map((n) => n.userId)).not.toContain(asking.user.id);
    expect(toldOfOwn).toHaveLength(3);

    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const about = (who: string) =>
      smtp.received.filter((m) => m.to.includes(who) && m.raw.includes(`/cursos/${course.id}/modulos/0/preguntas`));
    expect(about(teacher.user.correo)).toHaveLength(2);
    expect(about(teacher.user.correo)[0]!.raw).toContain(
      `http://localhost:3000/cursos/${course.id}/modulos/0/preguntas`,
    );
    expect(about(coTeacher.user.correo)).toHaveLength(2);
    expect(about(asking.user.correo)).toHaveLength(1);
    expect(about(quiet.correo)).toHaveLength(0);
  });
});

describe("'Sin actividad' in a class's progress", () => {
  it("a pupil who never did anything has no last activity (page and API); one who did, its time", async () => {
    const course = await createCourse(
      { titulo: "Clase sin actividad", estado: "publicado", modulos: [{ titulo: "Uno" }] },
      { select: { id: true } },
    );
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
    const clase = await prisma.courseClass.create({
      data: { cursoId: course.id, nombre: "4°B", codigo: newClassCode() },
    });
    const [imported, reader, joined] = [
      await createUser({ nombre: "Ema", apellido: "Araya" }),
      await createUser({ nombre: "Leo", apellido: "Bravo" }),
      await signedIn({ rol: "estudiante", nombre: "Sol", apellido: "Cruz" }),
    ];
    // Imported by the teacher (the importer's createMany) two weeks ago, and one who enrols herself.
    const longAgo = new Date(Date.now() - 15 * 24 * 60 * 60_000);
    await prisma.enrolment.createMany({
      data: [imported.id, reader.id].map((userId) => ({
        userId,
        cursoId: course.id,
        registradoEn: longAgo,
        ultimaActividadEn: longAgo,
      })),
    });
    expect((await enrol(joined.user, course.id)).ok).toBe(true);
    await prisma.classMember.createMany({
      data: [imported.id, reader.id, joined.user.id].map((userId) => ({
        claseId: clase.id,
        cursoId: course.id,
        userId,
      })),
    });
    // One opened the material since.
    const opened = new Date(Date.now() - 60_000);
    await touchActivity(reader.id, course.id, opened);

    const progress = await getClassProgress(clase, progressQueryFrom("http://x/?orden=nombre"));
    expect(progress.estudiantes.map((s) => [s.nombre, s.ultimaActividad])).toEqual([
      ["Ema Araya", null],
      ["Leo Bravo", opened.toISOString()],
      ["Sol Cruz", null],
    ]);
    const api = await progressApi.loader(
      args(
        jsonRequest(`/api/cursos/${course.id}/clases/${clase.id}/progreso`, null, {
          method: "GET",
          token: teacher.token,
        }),
        { cursoId: course.id, claseId: clase.id },
      ) as never,
    );
    const body = (await readJson(api)) as { estudiantes: Array<{ nombre: string; ultimaActividad: string | null }> };
    expect(body.estudiantes.find((s) => s.nombre === "Ema Araya")!.ultimaActividad).toBeNull();
  });
});
