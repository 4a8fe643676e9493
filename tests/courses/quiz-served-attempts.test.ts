// Served attempts (docs/decisions/045-served-attempts.md): barajar, a bank of questions and a time
// limit, on the quiz page and the API, graded against what the server served.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { NO_ATTEMPTS_LEFT, NOTHING_TO_START, START_FIRST } from "~/features/quizzes/quiz.server.ts";
import { GRACE_MS } from "~/features/quizzes/served.server.ts";
import { DRAW_INVALID, TIME_LIMIT_INVALID } from "~/features/authoring/texts.ts";
import * as quizRoute from "~/routes/courses/quiz.tsx";
import * as answerApi from "~/routes/api/cursos.answer.ts";
import * as startApi from "~/routes/api/cursos.start-attempt.ts";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import {
  args,
  createCourse,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  signedIn,
  thrown,
} from "../factories.ts";

/** A module of `n` questions ('Pregunta i', options 'i-0'…'i-3', 'i-1' right) with these settings. */
const courseWith = (n: number, settings: Record<string, unknown>) =>
  createCourse(
    {
      titulo: "Curso con banco",
      modulos: [
        {
          titulo: "Módulo 1",
          ...settings,
          preguntas: {
            create: Array.from({ length: n }, (_, i) => ({
              posicion: i,
              texto: `Pregunta ${i}`,
              opciones: { create: [0, 1, 2, 3].map((o) => ({ posicion: o, texto: `${i}-${o}`, correcta: o === 1 })) },
            })),
          },
        },
      ],
    },
    { include: { modulos: true } },
  );

async function learner(courseId: string) {
  const s = await signedIn("estudiante");
  await prisma.enrolment.create({ data: { userId: s.user.id, cursoId: courseId } });
  return s;
}

type Shown = { id: string; texto: string; opciones: Array<{ id: string; texto: string }> };
const params = (cursoId: string) => ({ cursoId, moduloIndex: "0" });
const page = async (cursoId: string, cookie: string) =>
  quizRoute.loader(args(getRequest("/q", cookie), params(cursoId)));
const startOnPage = async (cursoId: string, cookie: string) =>
  thrown(quizRoute.action(args(formRequest("/q", { intent: "comenzar" }, { cookie }), params(cursoId))));
const startByApi = async (cursoId: string, token: string) =>
  startApi.action(args(jsonRequest(`/api/cursos/${cursoId}/modulos/0/intentos`, {}, { token }), params(cursoId)));
const answerByApi = async (cursoId: string, token: string, respuestas: unknown) =>
  answerApi.action(
    args(jsonRequest(`/api/cursos/${cursoId}/modulos/0/responder`, { respuestas }, { token }), params(cursoId)),
  );
/** The right option of each shown question ('i-1'), as the page's form sends it. */
const rightOnPage = (preguntas: readonly Shown[], right = () => true) =>
  Object.fromEntries(
    preguntas.map((q) => [`p_${q.id}`, q.opciones.find((o) => o.texto.endsWith(right() ? "-1" : "-0"))!.id]),
  );

describe("barajar: the served order is kept from start to page to grading and review", () => {
  it("starts on the page without JavaScript, shows that attempt, and grades and reviews it in that order", async () => {
    const course = await courseWith(6, { barajar: true, revision: "respuestas" });
    const s = await learner(course.id);
    const before = await page(course.id, s.cookie);
    expect([before.porComenzar, before.quiz.preguntas]).toEqual([true, []]);

    expect((await startOnPage(course.id, s.cookie)).status).toBe(302);
    const open = await prisma.openAttempt.findFirstOrThrow({ where: { userId: s.user.id } });
    const served = JSON.parse(open.servido) as Array<{ p: string; o: string[] }>;
    const shown = await page(course.id, s.cookie);
    expect(shown.porComenzar).toBe(false);
    expect(shown.quiz.preguntas.map((q) => q.id)).toEqual(served.map((x) => x.p));
    expect(shown.quiz.preguntas.map((q) => q.opciones.map((o) => o.id))).toEqual(served.map((x) => x.o));
    // Starting again (a second click, a reload) keeps the same attempt.
    await startOnPage(course.id, s.cookie);
    expect((await page(course.id, s.cookie)).quiz.preguntas).toEqual(shown.quiz.preguntas);
    // And the API gives the same attempt.
    const api = await readJson(await startByApi(course.id, s.token));
    expect(api.preguntas).toEqual(shown.quiz.preguntas);

    const answers = rightOnPage(shown.quiz.preguntas);
    const graded = dataOf<{
      result: { porcentaje: number; preguntas: Shown[]; respuestas: Array<{ pregunta: string }> };
    }>(await quizRoute.action(args(formRequest("/q", answers, { cookie: s.cookie }), params(course.id)))).data.result;
    expect(graded.porcentaje).toBe(100);
    expect(graded.preguntas).toEqual(shown.quiz.preguntas);
    expect(graded.respuestas.map((r) => r.pregunta)).toEqual(shown.quiz.preguntas.map((q) => q.texto));
    expect(await prisma.openAttempt.count({ where: { userId: s.user.id } })).toBe(0);
    // The attempt is used up: the same answers again are refused until a new one starts.
    const again = dataOf<{ message: string }>(
      await quizRoute.action(args(formRequest("/q", answers, { cookie: s.cookie }), params(course.id))),
    );
    expect([again.status, again.data.message]).toEqual([409, START_FIRST]);
  });

  it("draws other orders for other attempts", async () => {
    const course = await courseWith(8, { barajar: true });
    const orders = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const s = await learner(course.id);
      const started = await readJson(await startByApi(course.id, s.token));
      orders.add((started.preguntas as Shown[]).map((q) => q.texto).join("|"));
    }
    // 4 draws of 8! orders: all the same has a chance of 1 in 8!³.
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe("banco de preguntas", () => {
  it("a bank of 10 asking 3 draws 3 distinct questions and grades out of 3, read in the served order", async () => {
    const course = await courseWith(10, { preguntasPorIntento: 3 });
    const s = await learner(course.id);
    const started = await startByApi(course.id, s.token);
    expect(started.status).toBe(200);
    const body = await readJson(started);
    const preguntas = body.preguntas as Shown[];
    expect(new Set(preguntas.map((q) => q.id)).size).toBe(3);
    // Without barajar the drawn ones keep the module's order, and their options too.
    const numbers = preguntas.map((q) => Number(q.texto.split(" ")[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // The API's array is read in the served order: option 1 of each is right.
    const result = await readJson(await answerByApi(course.id, s.token, [1, 1, 0]));
    expect(result).toMatchObject({ correctas: 2, totalPreguntas: 3, porcentaje: 67 });
    const stored = await prisma.quizAttempt.findFirstOrThrow({
      where: { userId: s.user.id },
      include: { answers: true },
    });
    expect(stored.answers.map((a) => a.preguntaId).sort()).toEqual(preguntas.map((q) => q.id).sort());
  });

  it("refuses as unanswered an option of a question that was not served", async () => {
    const course = await courseWith(4, { preguntasPorIntento: 1 });
    const all = await prisma.quizQuestion.findMany({
      include: { opciones: true },
      where: { moduloId: course.modulos[0]!.id },
    });
    const s = await learner(course.id);
    const served = ((await readJson(await startByApi(course.id, s.token))).preguntas as Shown[])[0]!;
    const other = all.find((q) => q.id !== served.id)!;
    const right = other.opciones.find((o) => o.correcta)!.id;
    // An unserved question's right option, under the served question and under its own.
    const refused = await answerByApi(course.id, s.token, { [served.id]: right, [other.id]: right });
    expect(refused.status).toBe(400);
    expect(await prisma.quizAttempt.count({ where: { userId: s.user.id } })).toBe(0);
  });
});

describe("tiempo límite", () => {
  const backdate = (userId: string, ms: number) =>
    prisma.openAttempt.updateMany({ where: { userId }, data: { comenzadoEn: new Date(Date.now() - ms) } });

  it("grades answers that arrive after the limit and its grace as submitted at the limit, without them", async () => {
    const course = await courseWith(3, { tiempoLimiteMin: 10 });
    const s = await learner(course.id);
    await startOnPage(course.id, s.cookie);
    const shown = await page(course.id, s.cookie);
    expect(shown.intento?.terminaEn).toEqual(new Date(shown.intento!.comenzadoEn.getTime() + 10 * 60_000));
    await backdate(s.user.id, 10 * 60_000 + GRACE_MS + 2_000);
    const late = dataOf<{ result: { porcentaje: number; correctas: number; fueraDeTiempo: boolean } }>(
      await quizRoute.action(
        args(formRequest("/q", rightOnPage(shown.quiz.preguntas), { cookie: s.cookie }), params(course.id)),
      ),
    ).data.result;
    expect(late).toMatchObject({ porcentaje: 0, correctas: 0, fueraDeTiempo: true });
    expect(await prisma.quizAttempt.findFirst({ where: { userId: s.user.id } })).toMatchObject({
      porcentaje: 0,
      aprobado: false,
      totalPreguntas: 3,
    });
  });

  it("takes answers within the grace", async () => {
    const course = await courseWith(3, { tiempoLimiteMin: 1 });
    const s = await learner(course.id);
    const started = await readJson(await startByApi(course.id, s.token));
    expect(started.terminaEn).toBe(new Date(Date.parse(started.comenzadoEn as string) + 60_000).toISOString());
    await backdate(s.user.id, 60_000 + GRACE_MS - 10_000);
    expect(await readJson(await answerByApi(course.id, s.token, [1, 1, 1]))).toMatchObject({ porcentaje: 100 });
  });
});

describe("an open attempt counts toward intentosMaximos from its start", () => {
  it("one attempt allowed: started, it is the last one but can still be answered; then no other starts", async () => {
    const course = await courseWith(3, { barajar: true, intentosMaximos: 1 });
    const s = await learner(course.id);
    await startOnPage(course.id, s.cookie);
    const shown = await page(course.id, s.cookie);
    expect(shown.info).toMatchObject({ intentosPrevios: 0, intentosRestantes: 0 });
    expect(shown.quiz.preguntas).toHaveLength(3);
    expect((await answerByApi(course.id, s.token, [1, 1, 1])).status).toBe(200);
    const refused = await startByApi(course.id, s.token);
    expect([refused.status, await readJson(refused)]).toEqual([409, { error: NO_ATTEMPTS_LEFT(1) }]);
    const onPage = dataOf<{ message: string }>(
      await quizRoute.action(args(formRequest("/q", { intent: "comenzar" }, { cookie: s.cookie }), params(course.id))),
    );
    expect([onPage.status, onPage.data.message]).toEqual([409, NO_ATTEMPTS_LEFT(1)]);
    expect(await prisma.quizAttempt.count({ where: { userId: s.user.id } })).toBe(1);
  });

  it("starts sent at once give one open attempt", async () => {
    const course = await courseWith(5, { preguntasPorIntento: 2, intentosMaximos: 3 });
    const s = await learner(course.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => startByApi(course.id, s.token)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map((r) => readJson(r)));
    expect(new Set(bodies.map((b) => JSON.stringify(b.preguntas))).size).toBe(1);
    expect(bodies.map((b) => b.intentosRestantes)).toEqual([2, 2, 2, 2, 2]);
    expect(await prisma.openAttempt.count({ where: { userId: s.user.id } })).toBe(1);
  });
});

describe("modules without the three settings", () => {
  it("keep today's flow: no start step, and starting one is a 409", async () => {
    const course = await courseWith(2, {});
    const s = await learner(course.id);
    const shown = await page(course.id, s.cookie);
    expect([shown.porComenzar, shown.intento, shown.quiz.preguntas.length]).toEqual([false, null, 2]);
    const refused = await startByApi(course.id, s.token);
    expect([refused.status, await readJson(refused)]).toEqual([409, { error: NOTHING_TO_START }]);
    expect(await readJson(await answerByApi(course.id, s.token, [1, 1]))).toMatchObject({ porcentaje: 100 });
  });

  it("answering a module that serves attempts without starting one is a 409", async () => {
    const course = await courseWith(2, { tiempoLimiteMin: 5 });
    const s = await learner(course.id);
    const refused = await answerByApi(course.id, s.token, [1, 1]);
    expect([refused.status, await readJson(refused)]).toEqual([409, { error: START_FIRST }]);
  });
});

describe("review follows the module's choice on served attempts", () => {
  it("'puntaje' shows the score only; 'respuestas' the right option, per served question", async () => {
    const course = await courseWith(4, { barajar: true, preguntasPorIntento: 2, revision: "puntaje" });
    const s = await learner(course.id);
    // By option text: the served order of the options is the module's secret.
    const rightThenWrong = (served: Shown[]) =>
      Object.fromEntries(
        served.map((q, i) => [q.id, q.opciones.find((o) => o.texto.endsWith(i === 0 ? "-1" : "-0"))!.texto]),
      );
    const first = (await readJson(await startByApi(course.id, s.token))).preguntas as Shown[];
    const scoreOnly = await readJson(await answerByApi(course.id, s.token, rightThenWrong(first)));
    expect(scoreOnly).toMatchObject({ porcentaje: 50, revision: "puntaje" });
    expect(scoreOnly).not.toHaveProperty("respuestas");
    await prisma.module.update({ where: { id: course.modulos[0]!.id }, data: { revision: "respuestas" } });
    const served = (await readJson(await startByApi(course.id, s.token))).preguntas as Shown[];
    const full = await readJson(await answerByApi(course.id, s.token, rightThenWrong(served)));
    expect(full.respuestas).toEqual(
      served.map((q, i) => expect.objectContaining({ pregunta: q.texto, esCorrecta: i === 0 })),
    );
  });
});

describe("the settings in the editor (without JavaScript) and in PUT/GET /api/cursos/{id}", () => {
  it("a teacher sets them; a draw above the module's questions or a limit above 300 min comes back with the error", async () => {
    const admin = await signedIn("admin");
    const course = await courseWith(5, {});
    const moduleId = course.modulos[0]!.id;
    const post = (fields: Record<string, string>) =>
      editPage.action(
        args(
          formRequest(
            `/docente/cursos/${course.id}/editar`,
            { intent: "update-module", moduloId: moduleId, titulo: "Módulo 1", descripcion: "", ...fields },
            { cookie: admin.cookie },
          ),
          { cursoId: course.id },
        ),
      );
    const settings = () =>
      prisma.module.findUniqueOrThrow({
        where: { id: moduleId },
        select: { barajar: true, preguntasPorIntento: true, tiempoLimiteMin: true },
      });
    await post({ barajar: "true", preguntasPorIntento: "5", tiempoLimiteMin: "300" });
    expect(await settings()).toEqual({ barajar: true, preguntasPorIntento: 5, tiempoLimiteMin: 300 });
    for (const [field, value, message] of [
      ["preguntasPorIntento", "6", DRAW_INVALID],
      ["preguntasPorIntento", "0", DRAW_INVALID],
      ["tiempoLimiteMin", "301", TIME_LIMIT_INVALID],
      ["tiempoLimiteMin", "0", TIME_LIMIT_INVALID],
    ] as const) {
      const refused = (await post({ [field]: value })) as {
        data: { values: Record<string, string>; errors: Record<string, string[]> };
      };
      expect(refused.data.values[field], value).toBe(value);
      expect(refused.data.errors[field], value).toEqual([message]);
    }
    expect(await settings()).toEqual({ barajar: true, preguntasPorIntento: 5, tiempoLimiteMin: 300 });
    await post({ barajar: "false", preguntasPorIntento: "", tiempoLimiteMin: "" });
    expect(await settings()).toEqual({ barajar: false, preguntasPorIntento: null, tiempoLimiteMin: null });

    const put = (m: Record<string, unknown>) =>
      detailApi.action(
        args(
          multipartRequest(
            `/api/cursos/${course.id}`,
            { modulos: JSON.stringify([{ id: moduleId, titulo: "Módulo 1", ...m }]) },
            { token: admin.token, method: "PATCH" },
          ),
          { cursoId: course.id },
        ),
      );
    expect((await put({ barajar: true, preguntasPorIntento: 2, tiempoLimiteMin: 20 })).status).toBe(200);
    expect(await settings()).toEqual({ barajar: true, preguntasPorIntento: 2, tiempoLimiteMin: 20 });
    const refused = await put({ preguntasPorIntento: 6 });
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).error).toContain(DRAW_INVALID);
    expect(await settings()).toEqual({ barajar: true, preguntasPorIntento: 2, tiempoLimiteMin: 20 });
    const detail = await readJson(
      await detailApi.loader(
        args(jsonRequest(`/api/cursos/${course.id}`, null, { method: "GET", token: admin.token }), {
          cursoId: course.id,
        }),
      ),
    );
    expect((detail.modulos as object[])[0]).toMatchObject({
      barajar: true,
      preguntasPorIntento: 2,
      tiempoLimiteMin: 20,
    });
  });
});
