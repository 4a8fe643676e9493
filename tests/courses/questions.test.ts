// A module's questions (docs/product.md#module-questions, docs/decisions/028-module-questions.md):
// enrolled learners ask, the team answers, marks, hides and deletes (page and API); who reads what;
// the author's window until the first answer; the teachers and the asker told (a real SMTP server
// receives the asker's e-mail); the flood limits; texts stay text; paging both ways on the
// module's indexes. The SQL is caught from Prisma's query log (tests/query-log.ts): app modules
// load after it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";
import { smtpCapture } from "../smtp.ts";

const { prisma } = await import("~/lib/db.server.ts");
const service = await import("~/features/questions/questions.server.ts");
const texts = await import("~/features/questions/texts.ts");
const { QuestionArticle } = await import("~/features/questions/components/question-article.tsx");
const { BUDGETS } = await import("~/features/limits/rate-limits.server.ts");
const { setPreferences } = await import("~/features/notifications/notify.server.ts");
const { createSmtpTransport, deliverPending } = await import("~/features/mail/sender.server.ts");
const { COURSE_NOT_FOUND } = await import("~/features/courses/texts.ts");
const { TEXT_NOT_ALLOWED } = await import("~/lib/text.ts");
const modulePage = await import("~/routes/questions/module.tsx");
const coursePage = await import("~/routes/questions/course.tsx");
const detailPage = await import("~/routes/courses/detail.tsx");
const listApi = await import("~/routes/api/cursos.preguntas.ts");
const oneApi = await import("~/routes/api/preguntas.pregunta.ts");
const stateApi = await import("~/routes/api/preguntas.estado.ts");
const answerApi = await import("~/routes/api/preguntas.respuestas.ts");
const answerOneApi = await import("~/routes/api/respuestas.respuesta.ts");
const { args, createCourse, createUser, dataOf, formRequest, getRequest, jsonRequest, readJson, signedIn, thrown } =
  await import("../factories.ts");

const smtp = smtpCapture();

type Signed = Awaited<ReturnType<typeof signedIn>>;
type Question = Awaited<ReturnType<typeof readJson>> & { id: string; respuestas: unknown[] };

const newCourse = (titulo: string, estado = "publicado", modules = ["Suelos", "Riego"]) =>
  createCourse(
    { titulo, estado, modulos: modules.map((m) => ({ titulo: m })) },
    { select: { id: true, modulos: { orderBy: { posicion: "asc" }, select: { id: true } } } },
  );

let course: Awaited<ReturnType<typeof newCourse>>;
let draft: Awaited<ReturnType<typeof newCourse>>;
let teacher: Signed;
let otherDocente: Signed;
let learner: Signed;
let classmate: Signed;
let outsider: Signed;
let admin: Signed;

async function enrol(who: { id: string }, cursoId: string) {
  await prisma.enrolment.create({ data: { userId: who.id, cursoId } });
}

beforeAll(async () => {
  course = await newCourse("Huerta con preguntas");
  draft = await newCourse("Borrador con preguntas", "borrador");
  [teacher, otherDocente, learner, classmate, outsider, admin] = [
    await signedIn({ rol: "docente", nombre: "Marta", apellido: "Soto" }),
    await signedIn("docente"),
    await signedIn({ rol: "estudiante", nombre: "Luis", apellido: "Rojas" }),
    await signedIn("estudiante"),
    await signedIn("estudiante"),
    await signedIn("admin"),
  ];
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  for (const who of [learner, classmate]) await enrol(who.user, course.id);
  await enrol(learner.user, draft.id);
});

const pagePath = (cursoId: string, index = 0) => `/cursos/${cursoId}/modulos/${index}/preguntas`;
const params = (cursoId: string, index = 0) => ({ cursoId, moduloIndex: String(index) });

function loadPage(who: Signed | null, query = "", cursoId = course.id, index = 0) {
  return modulePage.loader(
    args(getRequest(`${pagePath(cursoId, index)}${query}`, who?.cookie), params(cursoId, index)),
  );
}

function postPage(who: Signed, fields: Record<string, string>, cursoId = course.id, index = 0) {
  return modulePage.action(
    args(formRequest(pagePath(cursoId, index), fields, { cookie: who.cookie }), params(cursoId, index)),
  );
}

function apiGet(who: Signed | null, query = "", cursoId = course.id, index: number | string = 0) {
  const path = `/api/cursos/${cursoId}/modulos/${index}/preguntas${query}`;
  return listApi.loader(
    args(jsonRequest(path, undefined, { method: "GET", token: who?.token }), { cursoId, moduloIndex: String(index) }),
  );
}

function apiAsk(who: Signed, body: unknown, cursoId = course.id, index = 0) {
  const path = `/api/cursos/${cursoId}/modulos/${index}/preguntas`;
  return listApi.action(args(jsonRequest(path, body, { token: who.token }), params(cursoId, index)));
}

function apiAnswer(who: Signed, preguntaId: string, body: unknown) {
  return answerApi.action(
    args(jsonRequest(`/api/preguntas/${preguntaId}/respuestas`, body, { token: who.token }), { preguntaId }),
  );
}

function apiState(who: Signed, preguntaId: string, body: unknown) {
  return stateApi.action(
    args(jsonRequest(`/api/preguntas/${preguntaId}/estado`, body, { method: "PUT", token: who.token }), {
      preguntaId,
    }),
  );
}

function apiOne(who: Signed, method: "PUT" | "DELETE", preguntaId: string, body?: unknown) {
  return oneApi.action(
    args(jsonRequest(`/api/preguntas/${preguntaId}`, body, { method, token: who.token }), { preguntaId }),
  );
}

async function ask(who: Signed, texto: string, index = 0): Promise<Question> {
  const response = await apiAsk(who, { texto }, course.id, index);
  expect(response.status).toBe(201);
  return (await readJson(response)) as Question;
}

const auditOf = (action: string) =>
  prisma.auditLog.findMany({ where: { action, targetId: course.id }, orderBy: { createdAt: "asc" } });

describe("who reads", () => {
  it("the enrolled learners and the team; a visitor signs in, anyone else 403, a draft 404 for its learners", async () => {
    const visitor = await thrown(loadPage(null));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    for (const who of [learner, teacher, admin]) {
      const page = await loadPage(who);
      expect(page.module).toMatchObject({ index: 0, titulo: "Suelos" });
      expect(page.team).toBe(who !== learner);
      expect(page.enrolled).toBe(who === learner);
    }
    for (const who of [outsider, otherDocente]) {
      const refused = await loadPage(who).then(
        () => null,
        (e: { init?: { status: number }; data?: string }) => e,
      );
      expect(refused?.init?.status).toBe(403);
      expect(refused?.data).toBe(texts.QUESTIONS_FORBIDDEN);
    }
    // The API answers the same.
    expect((await apiGet(null)).status).toBe(401);
    expect((await apiGet(outsider)).status).toBe(403);
    expect(await readJson(await apiGet(outsider))).toEqual({ error: texts.QUESTIONS_FORBIDDEN });
    expect((await apiGet(learner)).status).toBe(200);
    expect((await apiGet(teacher, "", course.id, 1)).status).toBe(200);
    // A draft is no course for its learners; an unknown module or index is 404.
    expect(await readJson(await apiGet(learner, "", draft.id))).toEqual({ error: COURSE_NOT_FOUND });
    expect((await apiGet(admin, "", draft.id)).status).toBe(200);
    for (const index of [2, "abc", "-1", "99999999"]) {
      const response = await apiGet(learner, "", course.id, index);
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({ error: texts.MODULE_NOT_FOUND });
    }
    expect((await apiGet(learner, "?filtro=otra")).status).toBe(400);
  });

  it("the course page links each module's questions for its learners and team, not for others", async () => {
    const load = (who: Signed) =>
      detailPage.loader(args(getRequest(`/cursos/${course.id}`, who.cookie), { cursoId: course.id }));
    expect((await load(learner)).questions).toBe(true);
    expect((await load(teacher)).questions).toBe(true);
    expect((await load(outsider)).questions).toBe(false);
    expect((await load(otherDocente)).questions).toBe(false);
  });
});

describe("asking", () => {
  it("a learner asks from the page: redirected to the question, line ends kept as one", async () => {
    const response = (await postPage(learner, {
      intent: "ask",
      texto: "¿Qué es el humus?\r\nNo lo entendí.",
    })) as Response;
    expect(response.status).toBe(302);
    const row = await prisma.moduleQuestion.findFirstOrThrow({
      where: { authorId: learner.user.id, texto: { startsWith: "¿Qué es el humus?" } },
    });
    expect(row).toMatchObject({
      cursoId: course.id,
      moduloId: course.modulos[0]!.id,
      texto: "¿Qué es el humus?\nNo lo entendí.",
    });
    expect(response.headers.get("Location")).toBe(`${pagePath(course.id)}#pregunta-${row.id}`);
  });

  it("gives the form back with its value and Spanish errors; the API answers 400 JSON", async () => {
    const long = dataOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
      await postPage(classmate, { intent: "ask", texto: "x".repeat(texts.QUESTION_MAX + 1) }),
    );
    expect(long.status).toBe(400);
    expect(long.data.result.error.texto).toEqual([texts.QUESTION_TOO_LONG]);
    expect(long.data.result.initialValue.texto).toHaveLength(texts.QUESTION_MAX + 1);
    const empty = dataOf<{ result: { error: Record<string, string[]> } }>(
      await postPage(classmate, { intent: "ask", texto: "   " }),
    );
    expect(empty.data.result.error.texto).toEqual([texts.QUESTION_REQUIRED]);
    const control = dataOf<{ result: { error: Record<string, string[]> } }>(
      await postPage(classmate, { intent: "ask", texto: "hola\u0000" }),
    );
    expect(control.data.result.error.texto).toEqual([TEXT_NOT_ALLOWED]);
    const bad = await apiAsk(classmate, { texto: 3 });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ error: texts.QUESTION_REQUIRED });
  });

  it("only the enrolled ask: the team not enrolled is 403", async () => {
    const refused = await apiAsk(teacher, { texto: "¿Puedo preguntar?" });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ error: texts.ASK_FORBIDDEN });
    const page = await loadPage(teacher);
    expect(page.enrolled).toBe(false);
  });

  it("HTML stays text: stored as typed, rendered as characters, only http(s) links", async () => {
    const texto = `<script>alert(1)</script> <b>hola</b> javascript:alert(1) https://ejemplo.cl/guia.`;
    const q = await ask(classmate, texto);
    expect(q.texto).toBe(texto);
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(QuestionArticle, { pregunta: q as never })),
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('href="https://ejemplo.cl/guia"');
    expect(html).not.toContain('href="javascript');
  });
});

describe("telling the team and the asker", () => {
  it("a question tells the course's teachers (e-mail at once by default, the digest by choice); an answer e-mails the asker", async () => {
    const own = await newCourse("Apicultura preguntas");
    const patient = await createUser({ rol: "docente" });
    const asker = await signedIn({ rol: "estudiante", nombre: "Inés", apellido: "Mora" });
    const answerer = await signedIn({ rol: "docente", nombre: "Pía", apellido: "Vera" });
    await prisma.courseTeacher.createMany({
      data: [patient.id, answerer.user.id].map((userId) => ({ cursoId: own.id, userId })),
    });
    await setPreferences(patient.id, { pregunta: "digest" });
    await enrol(asker.user, own.id);
    const created = (await readJson(
      await apiAsk(asker, { texto: `¿Cuándo cosechamos? ${"x".repeat(400)}` }, own.id, 1),
    )) as Question;

    const link = `/cursos/${own.id}/modulos/1/preguntas#pregunta-${created.id}`;
    const notes = await prisma.notification.findMany({
      where: { kind: "pregunta", link },
      select: { userId: true, title: true, text: true, digestPending: true },
    });
    expect(notes.map((n) => n.userId).sort()).toEqual([patient.id, answerer.user.id].sort());
    expect(notes[0]!.title).toBe("Pregunta nueva en «Riego» (Apicultura preguntas)");
    expect(notes[0]!.text.length).toBeLessThanOrEqual(300);
    // 'pregunta' is an e-mail at once by default; the teacher who chose the digest waits for it.
    expect(notes.find((n) => n.userId === patient.id)!.digestPending).toBe(true);
    expect(notes.find((n) => n.userId === answerer.user.id)!.digestPending).toBe(false);
    const teamMails = await prisma.outboxMail.findMany({
      where: { kind: "notice.pregunta", text: { contains: link } },
    });
    expect(teamMails.map((m) => m.toUserId)).toEqual([answerer.user.id]);

    const answered = await apiAnswer(answerer, created.id, { texto: "En marzo. Mira https://ejemplo.cl/miel" });
    expect(answered.status).toBe(201);
    const body = (await readJson(answered)) as Question & { respondida: boolean };
    expect(body.respondida).toBe(true);
    expect(body.respuestas).toEqual([
      expect.objectContaining({ texto: "En marzo. Mira https://ejemplo.cl/miel", autor: "Pía Vera" }),
    ]);
    const told = await prisma.notification.findMany({ where: { kind: "respuesta", link } });
    expect(told.map((n) => n.userId)).toEqual([asker.user.id]);
    expect(told[0]!.title).toBe("Respondieron tu pregunta (Apicultura preguntas)");

    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const received = smtp.received.filter((m) => m.to.includes(asker.user.correo));
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toContain("En marzo.");
    expect(received[0]!.raw).toContain(`http://localhost:3000${link}`);
    expect(received[0]!.raw).toContain("List-Unsubscribe:");
    expect(smtp.received.filter((m) => m.to.includes(answerer.user.correo))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(patient.correo))).toHaveLength(0);
  });

  it("a course without teachers tells the admins; nobody is told of their own question or answer", async () => {
    const lone = await newCourse("Sin profesores");
    const student = await signedIn("estudiante");
    const enrolledAdmin = await signedIn("admin");
    await enrol(student.user, lone.id);
    await enrol(enrolledAdmin.user, lone.id);
    // A suspended admin (aprobado false) is told nothing.
    const suspended = await signedIn("admin");
    await prisma.user.update({ where: { id: suspended.user.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    const q = (await readJson(await apiAsk(student, { texto: "¿Hay alguien?" }, lone.id))) as Question;
    const notes = await prisma.notification.findMany({ where: { kind: "pregunta", link: { contains: q.id } } });
    expect(notes.map((n) => n.userId)).toContain(admin.user.id);
    expect(notes.map((n) => n.userId)).not.toContain(student.user.id);
    expect(notes.map((n) => n.userId)).not.toContain(suspended.user.id);
    // An admin who asks and answers their own question is not told of either.
    const own = (await readJson(await apiAsk(enrolledAdmin, { texto: "¿Me respondo?" }, lone.id))) as Question;
    expect(
      await prisma.notification.count({ where: { userId: enrolledAdmin.user.id, link: { contains: own.id } } }),
    ).toBe(0);
    expect((await apiAnswer(enrolledAdmin, own.id, { texto: "Sí." })).status).toBe(201);
    expect(await prisma.notification.count({ where: { kind: "respuesta", link: { contains: own.id } } })).toBe(0);
  });
  it("a suspended teacher is told nothing; a course whose teachers are all suspended tells the admins", async () => {
    const suspend = (id: string) =>
      prisma.user.update({ where: { id }, data: { aprobado: false, suspendidoEn: new Date() } });
    const student = await signedIn("estudiante");
    const [active, away, alone] = [
      await createUser({ rol: "docente" }),
      await createUser({ rol: "docente" }),
      await createUser({ rol: "docente" }),
    ];
    const toldOf = async (q: Question) =>
      (await prisma.notification.findMany({ where: { kind: "pregunta", link: { contains: q.id } } })).map(
        (n) => n.userId,
      );

    const staffed = await newCourse("Con un profesor suspendido");
    await prisma.courseTeacher.createMany({
      data: [active.id, away.id].map((userId) => ({ cursoId: staffed.id, userId })),
    });
    await suspend(away.id);
    await enrol(student.user, staffed.id);
    const q = (await readJson(await apiAsk(student, { texto: "¿Quién me lee?" }, staffed.id))) as Question;
    expect(await toldOf(q)).toEqual([active.id]);

    const orphan = await newCourse("Con su profesor suspendido");
    await prisma.courseTeacher.create({ data: { cursoId: orphan.id, userId: alone.id } });
    await suspend(alone.id);
    await enrol(student.user, orphan.id);
    const other = (await readJson(await apiAsk(student, { texto: "¿Y aquí?" }, orphan.id))) as Question;
    const told = await toldOf(other);
    expect(told).not.toContain(alone.id);
    expect(told).toContain(admin.user.id);
  });
});

describe("the author's window and the team's moderation", () => {
  it("the author edits and deletes their own until answered; nobody else does", async () => {
    const author = await signedIn("estudiante");
    await enrol(author.user, course.id);
    const q = await ask(author, "¿Primera versión?");
    const edited = await apiOne(author, "PUT", q.id, { texto: "¿Segunda versión?" });
    expect(edited.status).toBe(200);
    expect(await readJson(edited)).toMatchObject({ texto: "¿Segunda versión?", propia: true });
    const other = await apiOne(classmate, "PUT", q.id, { texto: "Cambiada" });
    expect(other.status).toBe(403);
    expect(await readJson(other)).toEqual({ error: texts.NOT_YOUR_QUESTION });
    expect((await apiOne(classmate, "DELETE", q.id)).status).toBe(403);

    // The page's form: ?editar= only for one's own; the edit by POST.
    expect((await loadPage(author, `?editar=${q.id}`)).editing?.id).toBe(q.id);
    expect((await loadPage(classmate, `?editar=${q.id}`)).editing).toBeNull();
    const byPage = (await postPage(author, { intent: "edit", preguntaId: q.id, texto: "¿Tercera?" })) as Response;
    expect(byPage.status).toBe(302);

    // Answered: the window is closed, by API and page alike.
    expect((await apiAnswer(teacher, q.id, { texto: "Respuesta." })).status).toBe(201);
    const late = await apiOne(author, "PUT", q.id, { texto: "Otra" });
    expect(late.status).toBe(409);
    expect(await readJson(late)).toEqual({ error: texts.ALREADY_ANSWERED });
    expect((await apiOne(author, "DELETE", q.id)).status).toBe(409);
    expect((await loadPage(author, `?editar=${q.id}`)).editing).toBeNull();
    expect((await loadPage(author, `?eliminar=${q.id}`)).toDelete).toBeNull();
    const row = await prisma.moduleQuestion.findUniqueOrThrow({ where: { id: q.id } });
    expect(row.texto).toBe("¿Tercera?");

    // An unanswered one goes, by the page's confirmation.
    const gone = await ask(author, "¿Me borro?");
    expect((await loadPage(author, `?eliminar=${gone.id}`)).toDelete?.id).toBe(gone.id);
    const deleted = (await postPage(author, { intent: "delete", preguntaId: gone.id })) as Response;
    expect(deleted.status).toBe(302);
    expect(await prisma.moduleQuestion.findUnique({ where: { id: gone.id } })).toBeNull();
  });

  it("the team answers, resolves, hides and deletes, each mark audited; learners do none of it", async () => {
    const q = await ask(learner, "¿Se riega de noche?", 1);
    const learnerAnswer = await apiAnswer(classmate, q.id, { texto: "Yo creo que sí" });
    expect(learnerAnswer.status).toBe(403);
    expect(await readJson(learnerAnswer)).toEqual({ error: texts.ANSWER_FORBIDDEN });
    expect((await apiState(classmate, q.id, { resuelta: true })).status).toBe(403);
    // Off the team and not enrolled: the question is not theirs to see.
    expect((await apiAnswer(otherDocente, q.id, { texto: "x" })).status).toBe(404);

    // The page's 'Responder' form, then 'Marcar resuelta' and 'Ocultar'.
    expect((await loadPage(teacher, `?responder=${q.id}`, course.id, 1)).answering?.id).toBe(q.id);
    const answered = (await postPage(
      teacher,
      { intent: "answer", preguntaId: q.id, texto: "Mejor temprano." },
      course.id,
      1,
    )) as Response;
    expect(answered.status).toBe(302);
    expect(answered.headers.get("Location")).toBe(`${pagePath(course.id, 1)}#pregunta-${q.id}`);
    for (const intent of ["resolve", "hide"]) {
      const response = (await postPage(teacher, { intent, preguntaId: q.id }, course.id, 1)) as Response;
      expect(response.status).toBe(302);
    }
    const row = await prisma.moduleQuestion.findUniqueOrThrow({ where: { id: q.id } });
    expect(row).toMatchObject({ respondida: true, resuelta: true, oculta: true });
    expect((await auditOf("question.resolve")).at(-1)).toMatchObject({
      actorId: teacher.user.id,
      targetType: "course",
    });
    expect((await auditOf("question.hide")).at(-1)!.detail).toContain(q.id);

    // Hidden: the team and its author see it, a classmate does not (list and by id).
    const ids = async (who: Signed) =>
      ((await readJson(await apiGet(who, "", course.id, 1))) as { preguntas: Question[] }).preguntas.map((p) => p.id);
    expect(await ids(teacher)).toContain(q.id);
    expect(await ids(learner)).toContain(q.id);
    expect(await ids(classmate)).not.toContain(q.id);
    expect((await apiOne(classmate, "PUT", q.id, { texto: "x" })).status).toBe(404);

    // Shown again and reopened by the API; a mark already set changes and logs nothing.
    const before = (await auditOf("question.show")).length;
    const shown = await apiState(teacher, q.id, { oculta: false, resuelta: false });
    expect(await readJson(shown)).toMatchObject({ oculta: false, resuelta: false });
    expect(await auditOf("question.show")).toHaveLength(before + 1);
    await apiState(teacher, q.id, { oculta: false });
    expect(await auditOf("question.show")).toHaveLength(before + 1);
    const empty = await apiState(teacher, q.id, {});
    expect(empty.status).toBe(400);
    expect(await readJson(empty)).toEqual({ error: texts.STATE_REQUIRED });

    // The team deletes an answered question with its answers.
    const deleted = await apiOne(teacher, "DELETE", q.id);
    expect(await readJson(deleted)).toEqual({ message: texts.QUESTION_DELETED, id: q.id });
    expect(await prisma.moduleAnswer.count({ where: { preguntaId: q.id } })).toBe(0);
    expect((await auditOf("question.delete")).at(-1)!.detail).toContain(q.id);
  });

  it("the team deletes an answer (audited); its last answer gone, the question is unanswered and editable again", async () => {
    const author = await signedIn("estudiante");
    await enrol(author.user, course.id);
    const q = await ask(author, "¿Dos respuestas?");
    const first = (await readJson(await apiAnswer(teacher, q.id, { texto: "Primera." }))) as Question;
    const second = (await readJson(await apiAnswer(teacher, q.id, { texto: "Segunda." }))) as Question;
    const [a1, a2] = (second.respuestas as Array<{ id: string }>).map((r) => r.id);
    expect(first.respuestas).toHaveLength(1);
    const removeByApi = (who: Signed, respuestaId: string) =>
      answerOneApi.action(
        args(jsonRequest(`/api/respuestas/${respuestaId}`, undefined, { method: "DELETE", token: who.token }), {
          respuestaId,
        }),
      );
    // Learners do not delete answers; an unknown id is not found.
    const refused = await removeByApi(author, a1!);
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ error: texts.MODERATE_FORBIDDEN });
    expect((await removeByApi(teacher, "no-existe")).status).toBe(404);
    expect((await removeByApi(otherDocente, a1!)).status).toBe(404);

    // The page's confirmation, then the POST: one answer left, still answered.
    expect((await loadPage(teacher, `?eliminar-respuesta=${a1}`)).answerToDelete?.id).toBe(a1);
    expect((await loadPage(author, `?eliminar-respuesta=${a1}`)).answerToDelete).toBeNull();
    const byPage = (await postPage(teacher, { intent: "delete", respuestaId: a1! })) as Response;
    expect(byPage.status).toBe(302);
    expect(await prisma.moduleQuestion.findUniqueOrThrow({ where: { id: q.id } })).toMatchObject({ respondida: true });
    expect((await auditOf("question.answer-delete")).at(-1)).toMatchObject({ actorId: teacher.user.id });

    // The last one by the API: unanswered again, and its author may edit it.
    const removed = await removeByApi(teacher, a2!);
    expect(await readJson(removed)).toEqual({ message: texts.ANSWER_DELETED, id: a2 });
    expect(await prisma.moduleQuestion.findUniqueOrThrow({ where: { id: q.id } })).toMatchObject({ respondida: false });
    expect((await apiOne(author, "PUT", q.id, { texto: "¿Ninguna respuesta?" })).status).toBe(200);
  });

  it("the team's course-wide 'Sin responder' lists every module's unanswered questions; others get 404", async () => {
    const q0 = await ask(classmate, "¿Módulo uno sin respuesta?", 0);
    const q1 = await ask(classmate, "¿Módulo dos sin respuesta?", 1);
    const loaded = await coursePage.loader(
      args(getRequest(`/cursos/${course.id}/preguntas`, teacher.cookie), { cursoId: course.id }),
    );
    const listed = loaded.preguntas.filter((p) => p.id === q0.id || p.id === q1.id);
    expect(listed.map((p) => [p.id, p.moduloIndex, p.modulo])).toEqual([
      [q1.id, 1, "Riego"],
      [q0.id, 0, "Suelos"],
    ]);
    expect(loaded.preguntas.every((p) => !p.respondida)).toBe(true);
    const refused = await coursePage
      .loader(args(getRequest(`/cursos/${course.id}/preguntas`, learner.cookie), { cursoId: course.id }))
      .then(
        () => null,
        (e: { init?: { status: number } }) => e,
      );
    expect(refused?.init?.status).toBe(404);
  });

  it("a deleted account's question stays, unsigned", async () => {
    const leaving = await signedIn("estudiante");
    await enrol(leaving.user, course.id);
    const q = await ask(leaving, "¿Quedará mi pregunta?");
    // 'Eliminar mi cuenta', as the person does it.
    const { deleteOwnAccount } = await import("~/features/privacy/account-deletion.server.ts");
    const { TEST_PASSWORD } = await import("../factories.ts");
    const deleted = await deleteOwnAccount(
      leaving.user.id,
      { password: TEST_PASSWORD, certificados: "conservar" },
      null,
    );
    expect(deleted.ok).toBe(true);
    expect(await prisma.user.findUnique({ where: { id: leaving.user.id } })).toBeNull();
    const found = ((await readJson(await apiGet(learner))) as { preguntas: Question[] }).preguntas.find(
      (p) => p.id === q.id,
    );
    expect(found).toMatchObject({ autor: null, propia: false });
    expect(texts.askerLine(null)).toBe("Cuenta eliminada");
  });
});

/** Runs `then` right after the service's next `method` on the questions (its look-up, or its write). */
function rightAfter(method: "findUnique" | "updateMany", then: () => Promise<unknown>) {
  const delegate = prisma.moduleQuestion;
  const original = delegate[method].bind(delegate) as (query: unknown) => Promise<unknown>;
  vi.spyOn(delegate, method).mockImplementationOnce((async (query: unknown) => {
    const result = await original(query);
    await then();
    return result;
  }) as never);
}

describe("a question gone under a call: 404, never 500", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The team deletes the question right after the service's `method` on it. */
  const deletedRightAfter = (preguntaId: string, method: "findUnique" | "updateMany") =>
    rightAfter(method, () => prisma.moduleQuestion.delete({ where: { id: preguntaId } }));
  const answered = async (response: Response) => ({ status: response.status, body: await readJson(response) });
  const gone = { status: 404, body: { error: texts.QUESTION_NOT_FOUND } };

  it("answering, marking or deleting (the team), editing or deleting (the author) one deleted once looked up", async () => {
    const author = await signedIn("estudiante");
    await enrol(author.user, course.id);
    const calls: Array<[string, (id: string) => Promise<Response>]> = [
      ["answer", (id) => apiAnswer(teacher, id, { texto: "Sí." })],
      ["resolve", (id) => apiState(teacher, id, { resuelta: true })],
      ["team delete", (id) => apiOne(teacher, "DELETE", id)],
      ["edit", (id) => apiOne(author, "PUT", id, { texto: "¿Otra?" })],
      ["author delete", (id) => apiOne(author, "DELETE", id)],
    ];
    const outcomes = [];
    for (const [name, call] of calls) {
      const q = await ask(author, `¿${name}?`);
      deletedRightAfter(q.id, "findUnique");
      outcomes.push({ name, ...(await answered(await call(q.id))) });
    }
    expect(outcomes).toEqual(calls.map(([name]) => ({ name, ...gone })));
  });

  it("an edit whose question is deleted before it is read back", async () => {
    const author = await signedIn("estudiante");
    await enrol(author.user, course.id);
    const q = await ask(author, "¿Editada y borrada?");
    deletedRightAfter(q.id, "updateMany");
    expect(await answered(await apiOne(author, "PUT", q.id, { texto: "¿Editada?" }))).toEqual(gone);
  });
});

describe("'editada' is the author's edit alone", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an edit between the team's look-up and its mark or answer keeps its mark", async () => {
    const author = await signedIn("estudiante");
    const member = await signedIn("docente");
    await enrol(author.user, course.id);
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: member.user.id } });
    const calls: Array<[string, (id: string) => Promise<Response>]> = [
      ["resolve", (id) => apiState(member, id, { resuelta: true })],
      ["answer", (id) => apiAnswer(member, id, { texto: "Respuesta." })],
    ];
    const outcomes = [];
    for (const [name, call] of calls) {
      const anHourAgo = new Date(Date.now() - 3_600_000);
      const q = await prisma.moduleQuestion.create({
        data: {
          cursoId: course.id,
          moduloId: course.modulos[0]!.id,
          authorId: author.user.id,
          texto: `¿${name}?`,
          createdAt: anHourAgo,
          updatedAt: anHourAgo,
        },
      });
      rightAfter("findUnique", () => service.editQuestion(author.user, q.id, { texto: `¿${name} editada?` }));
      const body = await readJson(await call(q.id));
      outcomes.push({ name, texto: body.texto, editada: typeof body.editadaEn === "string" });
    }
    expect(outcomes).toEqual(calls.map(([name]) => ({ name, texto: `¿${name} editada?`, editada: true })));
  });
});

describe("Descargar mis datos", () => {
  it("holds the person's questions and the answers they gave, in preguntas.json", async () => {
    const person = await signedIn("docente");
    const own = await newCourse("Con preguntas propias");
    await enrol(person.user, own.id);
    await prisma.courseTeacher.create({ data: { cursoId: own.id, userId: person.user.id } });
    const q = (await readJson(await apiAsk(person, { texto: "¿Mía?" }, own.id))) as Question;
    const other = await signedIn("estudiante");
    await enrol(other.user, own.id);
    const theirs = (await readJson(await apiAsk(other, { texto: "¿Ajena?" }, own.id))) as Question;
    const answered = (await readJson(await apiAnswer(person, theirs.id, { texto: "Respuesta mía." }))) as Question;
    const webRoute = await import("~/routes/users/my-data.ts");
    const response = (await webRoute.loader(args(getRequest("/mis-datos", person.cookie)))) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    const script =
      "import io, sys, zipfile; print(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read('preguntas.json').decode())";
    const { execFileSync } = await import("node:child_process");
    const data = JSON.parse(execFileSync("python3", ["-c", script], { input: bytes }).toString()) as {
      preguntas: Array<Record<string, unknown>>;
      respuestas: Array<Record<string, unknown>>;
    };
    expect(data.preguntas).toEqual([
      expect.objectContaining({
        id: q.id,
        curso: { id: own.id, titulo: "Con preguntas propias" },
        modulo: "Suelos",
        texto: "¿Mía?",
        respondida: false,
      }),
    ]);
    expect(data.respuestas).toEqual([
      expect.objectContaining({
        id: (answered.respuestas[0] as { id: string }).id,
        preguntaId: theirs.id,
        texto: "Respuesta mía.",
      }),
    ]);
    // The other person's question text is not in this person's data.
    expect(JSON.stringify(data)).not.toContain("¿Ajena?");
  });
});

describe("filters and paging", () => {
  it("filters unanswered and resolved; pages 20 at a time both ways, instants shared", async () => {
    const fresh = await newCourse("Paginada", "publicado", ["Único"]);
    const reader = await signedIn("estudiante");
    await enrol(reader.user, fresh.id);
    const base = Date.now() - 3_600_000;
    await prisma.moduleQuestion.createMany({
      data: Array.from({ length: 45 }, (_, i) => ({
        cursoId: fresh.id,
        moduloId: fresh.modulos[0]!.id,
        authorId: reader.user.id,
        texto: `P${i}`,
        // Pairs of questions share an instant: the id orders them.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
        respondida: i % 3 === 0,
        resuelta: i % 5 === 0,
      })),
    });
    const walk = async (query: string) => {
      const seen: string[] = [];
      let next: string | null = `${query}`;
      const pages: number[] = [];
      while (next !== null) {
        const response = await apiGet(reader, next, fresh.id);
        const body = (await readJson(response)) as { preguntas: Question[] };
        pages.push(body.preguntas.length);
        seen.push(...body.preguntas.map((p) => p.texto as string));
        const link = /<[^>]*\?([^>]*)>; rel="next"/.exec(response.headers.get("Link") ?? "");
        next = link ? `?${link[1]}` : null;
      }
      return { seen, pages };
    };
    const all = await walk("");
    expect(all.pages).toEqual([20, 20, 5]);
    const expected = Array.from({ length: 45 }, (_, i) => i)
      .sort((a, b) => Math.floor(b / 2) - Math.floor(a / 2))
      .map((i) => `P${i}`);
    expect(new Set(all.seen).size).toBe(45);
    expect(all.seen.map((t) => Math.floor(Number(t.slice(1)) / 2))).toEqual(
      expected.map((t) => Math.floor(Number(t.slice(1)) / 2)),
    );
    const unanswered = await walk("?filtro=sin-responder");
    expect(unanswered.seen.sort()).toEqual(
      Array.from({ length: 45 }, (_, i) => i)
        .filter((i) => i % 3 !== 0)
        .map((i) => `P${i}`)
        .sort(),
    );
    const resolved = await walk("?filtro=resueltas");
    expect(resolved.seen).toHaveLength(9);

    // Back from page 2 gives page 1 again.
    const first = await apiGet(reader, "", fresh.id);
    const nextQuery = /<[^>]*\?([^>]*)>; rel="next"/.exec(first.headers.get("Link")!)![1]!;
    const second = await apiGet(reader, `?${nextQuery}`, fresh.id);
    const prevQuery = /<[^>]*\?([^>]*)>; rel="prev"/.exec(second.headers.get("Link")!)![1]!;
    const back = await apiGet(reader, `?${prevQuery}`, fresh.id);
    const idsOf = async (r: Response) => ((await readJson(r)) as { preguntas: Question[] }).preguntas.map((p) => p.id);
    expect(await idsOf(back)).toEqual(await idsOf(await apiGet(reader, "", fresh.id)));
  });
});

describe("flood limits", () => {
  it(`a learner asks at most ${BUDGETS.questionsUserShort.points} in 10 minutes; then 429 with Retry-After`, async () => {
    const eager = await signedIn("estudiante");
    await enrol(eager.user, course.id);
    for (let i = 0; i < BUDGETS.questionsUserShort.points; i++) await ask(eager, `¿Duda ${i}?`);
    const refused = await apiAsk(eager, { texto: "¿Una más?" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(refused)).toEqual({ error: texts.ASKING_TOO_FAST });
    const page = dataOf<{ result: { error: Record<string, string[]> } }>(
      await postPage(eager, { intent: "ask", texto: "¿Y por la página?" }),
    );
    expect(page.status).toBe(429);
    expect(page.data.result.error[""]).toEqual([texts.ASKING_TOO_FAST]);
    expect(await prisma.moduleQuestion.count({ where: { authorId: eager.user.id } })).toBe(
      BUDGETS.questionsUserShort.points,
    );
  });

  it(`a teacher answers at most ${BUDGETS.answersUserMinute.points} a minute`, async () => {
    const busy = await signedIn("docente");
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: busy.user.id } });
    const rows = await Promise.all(
      Array.from({ length: BUDGETS.answersUserMinute.points + 1 }, (_, i) =>
        prisma.moduleQuestion.create({
          data: { cursoId: course.id, moduloId: course.modulos[0]!.id, authorId: classmate.user.id, texto: `Q${i}` },
        }),
      ),
    );
    const statuses: number[] = [];
    for (const row of rows) statuses.push((await apiAnswer(busy, row.id, { texto: "Ok." })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(BUDGETS.answersUserMinute.points);
    expect(statuses.at(-1)).toBe(429);
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
  it("a module's page reads the same statements for 2 or 300 questions, each on its index", async () => {
    const reader = await createUser();
    const make = async (count: number) => {
      const c = await newCourse(`Plana ${count}`, "publicado", ["M"]);
      await enrol(reader, c.id);
      await prisma.moduleQuestion.createMany({
        data: Array.from({ length: count }, (_, i) => ({
          cursoId: c.id,
          moduloId: c.modulos[0]!.id,
          texto: `T${i}`,
          respondida: i % 2 === 0,
        })),
      });
      const access = await service.moduleAccess(reader, c.id, 0);
      if (!access.ok) throw new Error(access.message);
      return access;
    };
    const small = await make(2);
    const large = await make(300);
    for (const filtro of texts.FILTERS) {
      const few = await selects(() => service.listModuleQuestions(reader, small, filtro, null));
      const many = await selects(() => service.listModuleQuestions(reader, large, filtro, null));
      expect(many.length).toBe(few.length);
      const read = many.find(
        (s) => s.query.includes("FROM `main`.`ModuleQuestion`") || s.query.includes('"ModuleQuestion"'),
      )!;
      const lines = await plan(read.query, read.params);
      expect(lines, read.query).not.toMatch(/SCAN (main\.)?"?ModuleQuestion"?(?! USING)/);
      expect(lines).toMatch(/ModuleQuestion_moduloId_/);
    }
  });
});
