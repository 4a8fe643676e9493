// Quizzes graded on the server, attempts, progress, and the quiz API's own messages.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { NO_ATTEMPTS_LEFT, QUIZ_FORBIDDEN, QUIZ_NOT_FOUND } from "~/features/quizzes/quiz.server.ts";
import { QUIZ_AUTH_MESSAGES } from "~/features/quizzes/answer-api.server.ts";
import * as quizRoute from "~/routes/courses/quiz.tsx";
import * as answerApi from "~/routes/api/cursos.answer.ts";
import * as answersApi from "~/routes/api/quiz.answers.ts";
import * as attemptsApi from "~/routes/api/quiz.attempts.ts";
import * as progressApi from "~/routes/api/cursos.progress.ts";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import { ATTEMPTS_INVALID, REVIEW_INVALID } from "~/features/authoring/texts.ts";
import { getGradebook } from "~/features/reports/reports.server.ts";
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
} from "../factories.ts";

const courseWithQuiz = () =>
  createCourse(
    {
      titulo: "Curso con evaluación",
      modulos: [0, 1].map((m) => ({
        titulo: `Módulo ${m + 1}`,
        preguntas: {
          create: [0, 1, 2].map((i) => ({
            posicion: i,
            texto: `M${m} pregunta ${i}`,
            opciones: { create: [0, 1, 2].map((o) => ({ posicion: o, texto: `Opción ${o}`, correcta: o === 1 })) },
          })),
        },
      })),
    },
    {
      include: {
        modulos: {
          orderBy: { posicion: "asc" },
          include: {
            preguntas: { orderBy: { posicion: "asc" }, include: { opciones: { orderBy: { posicion: "asc" } } } },
          },
        },
      },
    },
  );

async function student(enrolIn?: string) {
  const signed = await signedIn("estudiante");
  if (enrolIn) await prisma.enrolment.create({ data: { userId: signed.user.id, cursoId: enrolIn } });
  return signed;
}

type Course = Awaited<ReturnType<typeof courseWithQuiz>>;
const answersFor = (course: Course, m: number, pick: (i: number) => number) =>
  Object.fromEntries(course.modulos[m]!.preguntas.map((p, i) => [`p_${p.id}`, p.opciones[pick(i)]!.id]));

describe("quiz page", () => {
  it("is for signed-in users who may see materials, and never carries the answers", async () => {
    const course = await courseWithQuiz();
    const params = { cursoId: course.id, moduloIndex: "0" };
    await expect(quizRoute.loader(args(getRequest("/q"), params))).rejects.toHaveProperty("status", 302);
    const outsider = await student();
    await expect(quizRoute.loader(args(getRequest("/q", outsider.cookie), params))).rejects.toMatchObject({
      init: { status: 403 },
    });
    const enrolled = await student(course.id);
    const data = await quizRoute.loader(args(getRequest("/q", enrolled.cookie), params));
    expect(data.quiz.preguntas).toHaveLength(3);
    expect(JSON.stringify(data)).not.toMatch(/correcta/);
    expect(data.info).toEqual({
      aprobado: false,
      intentosPrevios: 0,
      intentosMaximos: null,
      intentosRestantes: null,
      ultimoIntento: null,
      mejorPorcentaje: null,
    });
    await expect(
      quizRoute.loader(args(getRequest("/q", enrolled.cookie), { cursoId: course.id, moduloIndex: "9" })),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("names unanswered questions and keeps the chosen answers", async () => {
    const course = await courseWithQuiz();
    const s = await student(course.id);
    const all = answersFor(course, 0, () => 1);
    const [first] = Object.entries(all);
    const result = dataOf<Record<string, unknown>>(
      await quizRoute.action(
        args(formRequest("/q", Object.fromEntries([first!]), { cookie: s.cookie }), {
          cursoId: course.id,
          moduloIndex: "0",
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.message).toBe("Responde todas las preguntas antes de terminar la evaluación (faltan: 2, 3).");
    expect(result.data.unanswered).toEqual([2, 3]);
    expect(Object.values(result.data.selected as object)).toEqual([first![1]]);
    expect(await prisma.quizAttempt.count({ where: { userId: s.user.id } })).toBe(0);
  });

  it("stores every attempt, keeps a pass, and recomputes progress", async () => {
    const course = await courseWithQuiz();
    const s = await student(course.id);
    const submit = (pick: (i: number) => number) =>
      quizRoute.action(
        args(formRequest("/q", answersFor(course, 0, pick), { cookie: s.cookie }), {
          cursoId: course.id,
          moduloIndex: "0",
        }),
      );

    const failed = dataOf<Record<string, unknown>>(await submit(() => 0)).data.result as {
      porcentaje: number;
      aprobado: boolean;
      progreso: number;
    };
    expect(failed).toMatchObject({ porcentaje: 0, aprobado: false, progreso: 0 });
    const passed = dataOf<Record<string, unknown>>(await submit(() => 1)).data.result as {
      porcentaje: number;
      aprobado: boolean;
      progreso: number;
      respuestas: unknown[];
    };
    expect(passed).toMatchObject({ porcentaje: 100, aprobado: true, progreso: 50 });
    expect(JSON.stringify(passed.respuestas)).not.toMatch(/correcta/);
    const worse = dataOf<Record<string, unknown>>(await submit((i) => (i === 0 ? 1 : 0))).data.result as {
      porcentaje: number;
      aprobado: boolean;
      progreso: number;
    };
    expect(worse).toMatchObject({ porcentaje: 33, aprobado: false, progreso: 50 });

    expect(await prisma.quizAttempt.count({ where: { userId: s.user.id } })).toBe(3);
    expect((await prisma.enrolment.findFirstOrThrow({ where: { userId: s.user.id } })).progreso).toBe(50);
    const info = await quizRoute.loader(args(getRequest("/q", s.cookie), { cursoId: course.id, moduloIndex: "0" }));
    expect(info.info).toEqual({
      aprobado: true,
      intentosPrevios: 3,
      intentosMaximos: null,
      intentosRestantes: null,
      ultimoIntento: { porcentaje: 33 },
      mejorPorcentaje: 100,
    });
  });
});

describe("the course's exigencia is the quiz's pass mark (docs/decisions/043-one-pass-mark.md)", () => {
  // 2 of 3 right is 67 %: below the default 70 % (a 3,9) and above an exigencia of 60 % (a 4,5).
  const twoOfThree = (course: Course, m: number) => answersFor(course, m, (i) => (i < 2 ? 1 : 0));

  it("2 of 3 fails at the default 70 % and passes at 60 %, on the page, the API and the gradebook", async () => {
    const strict = await courseWithQuiz();
    expect(strict.exigencia).toBe(70);
    const lenient = await courseWithQuiz();
    await prisma.course.update({ where: { id: lenient.id }, data: { exigencia: 60 } });
    for (const [course, passes] of [
      [strict, false],
      [lenient, true],
    ] as const) {
      const s = await student(course.id);
      const params = { cursoId: course.id, moduloIndex: "0" };
      const page = dataOf<{ result: { porcentaje: number; aprobado: boolean } }>(
        await quizRoute.action(args(formRequest("/q", twoOfThree(course, 0), { cookie: s.cookie }), params)),
      );
      expect(page.data.result).toMatchObject({ porcentaje: 67, aprobado: passes });
      const loaded = await quizRoute.loader(args(getRequest("/q", s.cookie), params));
      expect(loaded.quiz.course.exigencia).toBe(passes ? 60 : 70);

      const body = { respuestas: Object.values(twoOfThree(course, 1)) };
      const api = await answerApi.action(
        args(jsonRequest(`/api/cursos/${course.id}/modulos/1/responder`, body, { token: s.token }), {
          cursoId: course.id,
          moduloIndex: "1",
        }),
      );
      expect(await readJson(api)).toMatchObject({ porcentaje: 67, aprobado: passes });
      const stored = await prisma.quizAttempt.findMany({ where: { userId: s.user.id }, select: { aprobado: true } });
      expect(stored).toEqual([{ aprobado: passes }, { aprobado: passes }]);

      const cells = (await getGradebook(course.id))!.participantes[0]!.notas;
      expect(cells.map((n) => [n.nota, n.aprobado])).toEqual([
        [passes ? 4.5 : 3.9, passes],
        [passes ? 4.5 : 3.9, passes],
      ]);
    }
  });
});

describe("a module's attempt limit (docs/product.md#grading)", () => {
  it("refuses an attempt beyond the limit on the page and counts what is left", async () => {
    const course = await courseWithQuiz();
    await prisma.module.update({ where: { id: course.modulos[1]!.id }, data: { intentosMaximos: 2 } });
    const s = await student(course.id);
    // Sent at once: tests/courses/quiz-attempt-limit-races.test.ts.
    for (const left of [1, 0]) {
      const response = await answerApi.action(
        args(
          jsonRequest(`/api/cursos/${course.id}/modulos/1/responder`, { respuestas: [0, 0, 0] }, { token: s.token }),
          { cursoId: course.id, moduloIndex: "1" },
        ),
      );
      expect(await readJson(response)).toMatchObject({ intentosMaximos: 2, intentosRestantes: left });
    }
    expect(NO_ATTEMPTS_LEFT(2)).toBe("Ya usaste los 2 intentos de esta evaluación; no puedes rendirla de nuevo.");
    expect(NO_ATTEMPTS_LEFT(1)).toBe("Ya usaste el único intento de esta evaluación; no puedes rendirla de nuevo.");

    // The page: none left, no form; a POST anyway is refused with the same message, nothing stored.
    const params = { cursoId: course.id, moduloIndex: "1" };
    const page = await quizRoute.loader(args(getRequest("/q", s.cookie), params));
    expect(page.info).toMatchObject({ intentosPrevios: 2, intentosMaximos: 2, intentosRestantes: 0 });
    const posted = dataOf<{ message: string }>(
      await quizRoute.action(
        args(
          formRequest(
            "/q",
            answersFor(course, 1, () => 1),
            { cookie: s.cookie },
          ),
          params,
        ),
      ),
    );
    expect([posted.status, posted.data.message]).toEqual([409, NO_ATTEMPTS_LEFT(2)]);
    expect(await prisma.quizAttempt.count({ where: { userId: s.user.id, moduloId: course.modulos[1]!.id } })).toBe(2);

    // Another learner, and another module without a limit, are not affected.
    const other = await student(course.id);
    const first = await quizRoute.loader(args(getRequest("/q", other.cookie), params));
    expect(first.info).toMatchObject({ intentosMaximos: 2, intentosRestantes: 2 });
    const unlimited = await quizRoute.loader(args(getRequest("/q", s.cookie), { ...params, moduloIndex: "0" }));
    expect(unlimited.info).toMatchObject({ intentosMaximos: null, intentosRestantes: null });
  });
});

describe("'Intentos máximos' in the course editor (no JavaScript needed) and the API's modules", () => {
  it("a teacher sets, shows and clears it; a bad one comes back with the typed value and the error", async () => {
    const admin = await signedIn("admin");
    const course = await courseWithQuiz();
    const moduleId = course.modulos[0]!.id;
    const limit = async () => (await prisma.module.findUniqueOrThrow({ where: { id: moduleId } })).intentosMaximos;
    const post = (intentosMaximos: string) =>
      editPage.action(
        args(
          formRequest(
            `/docente/cursos/${course.id}/editar`,
            { intent: "update-module", moduloId: moduleId, titulo: "Módulo 1", descripcion: "", intentosMaximos },
            { cookie: admin.cookie },
          ),
          { cursoId: course.id },
        ),
      );
    await post("3");
    expect(await limit()).toBe(3);
    const page = (await editPage.loader(
      args(getRequest(`/docente/cursos/${course.id}/editar`, admin.cookie), { cursoId: course.id }),
    )) as { course: { modulos: Array<{ id: string; intentosMaximos: string }> } };
    expect(page.course.modulos.find((m) => m.id === moduleId)?.intentosMaximos).toBe("3");
    for (const bad of ["0", "101", "2,5", "dos"]) {
      const refused = (await post(bad)) as {
        data: { values: Record<string, string>; errors: Record<string, string[]> };
      };
      expect(refused.data.values.intentosMaximos, bad).toBe(bad);
      expect(refused.data.errors.intentosMaximos, bad).toEqual([ATTEMPTS_INVALID]);
    }
    expect(await limit()).toBe(3);
    await post("");
    expect(await limit()).toBeNull();

    const patch = (modulos: unknown[]) =>
      detailApi.action(
        args(
          multipartRequest(
            `/api/cursos/${course.id}`,
            { modulos: JSON.stringify(modulos) },
            { token: admin.token, method: "PATCH" },
          ),
          { cursoId: course.id },
        ),
      );
    const others = course.modulos.slice(1).map((m) => ({ id: m.id, titulo: m.titulo }));
    expect((await patch([{ id: moduleId, titulo: "Módulo 1", intentosMaximos: 2 }, ...others])).status).toBe(200);
    expect(await limit()).toBe(2);
    expect((await patch([{ id: moduleId, titulo: "Módulo 1" }, ...others])).status).toBe(200);
    expect(await limit()).toBe(2); // left out: kept
    // Its editors read the settings back in GET /api/cursos/{id}, as PUT takes them; a learner never.
    const detail = async (token: string) =>
      (await readJson(
        await detailApi.loader(
          args(jsonRequest(`/api/cursos/${course.id}`, null, { method: "GET", token }), {
            cursoId: course.id,
          }),
        ),
      )) as { modulos: Array<Record<string, unknown>> };
    expect((await detail(admin.token)).modulos[0]).toMatchObject({
      intentosMaximos: 2,
      revision: "errores",
      revisionCuando: "inmediata",
    });
    const learner = await signedIn("estudiante");
    expect((await detail(learner.token)).modulos[0]).not.toHaveProperty("intentosMaximos");
    const refused = await patch([{ id: moduleId, titulo: "Módulo 1", intentosMaximos: 0 }, ...others]);
    expect([refused.status, await readJson(refused)]).toEqual([400, { error: `Módulo 1: ${ATTEMPTS_INVALID}` }]);
    expect((await patch([{ id: moduleId, titulo: "Módulo 1", intentosMaximos: null }, ...others])).status).toBe(200);
    expect(await limit()).toBeNull();

    // The review, in the same form and the same list.
    const review = async () =>
      prisma.module.findUniqueOrThrow({ where: { id: moduleId }, select: { revision: true, revisionCuando: true } });
    const withReview = (revision: string, revisionCuando: string) =>
      editPage.action(
        args(
          formRequest(
            `/docente/cursos/${course.id}/editar`,
            {
              intent: "update-module",
              moduloId: moduleId,
              titulo: "Módulo 1",
              descripcion: "",
              revision,
              revisionCuando,
            },
            { cookie: admin.cookie },
          ),
          { cursoId: course.id },
        ),
      );
    await withReview("respuestas", "al_terminar");
    expect(await review()).toEqual({ revision: "respuestas", revisionCuando: "al_terminar" });
    const bad = (await withReview("todo", "al_terminar")) as { data: { errors: Record<string, string[]> } };
    expect(bad.data.errors.revision).toEqual([REVIEW_INVALID]);
    expect((await patch([{ id: moduleId, titulo: "Módulo 1", revision: "puntaje" }, ...others])).status).toBe(200);
    expect(await review()).toEqual({ revision: "puntaje", revisionCuando: "al_terminar" });
  });
});

describe("a module's review (docs/product.md#grading): the page and the API show the same", () => {
  const wrongFirst = (course: Course, m: number) => answersFor(course, m, (i) => (i === 0 ? 0 : 1));
  const attempt = async (course: Course, s: { cookie: string; token: string }, m: number) => {
    const params = { cursoId: course.id, moduloIndex: String(m) };
    const page = dataOf<{ result: Record<string, unknown> }>(
      await quizRoute.action(args(formRequest("/q", wrongFirst(course, m), { cookie: s.cookie }), params)),
    ).data.result;
    const api = await answerApi.action(
      args(
        jsonRequest(
          `/api/cursos/${course.id}/modulos/${m}/responder`,
          { respuestas: Object.values(wrongFirst(course, m)) },
          { token: s.token },
        ),
        params,
      ),
    );
    return { page, api: (await readJson(api)) as Record<string, unknown> };
  };

  it("'puntaje' gives the score only: no per-question correctness, no right answers, in either", async () => {
    const course = await courseWithQuiz();
    await prisma.module.update({ where: { id: course.modulos[0]!.id }, data: { revision: "puntaje" } });
    const s = await student(course.id);
    const { page, api } = await attempt(course, s, 0);
    for (const shown of [page, api]) {
      expect(shown).toMatchObject({ porcentaje: 67, correctas: 2, totalPreguntas: 3, revision: "puntaje" });
      expect(shown).not.toHaveProperty("respuestas");
      expect(JSON.stringify(shown)).not.toMatch(/esCorrecta|respuestaCorrecta|correcta"/);
    }
  });

  it("'errores' (the default) marks each answer; 'respuestas' adds the right option", async () => {
    const course = await courseWithQuiz();
    expect(course.modulos[0]).toMatchObject({ revision: "errores", revisionCuando: "inmediata" });
    await prisma.module.update({ where: { id: course.modulos[1]!.id }, data: { revision: "respuestas" } });
    const s = await student(course.id);
    const errores = await attempt(course, s, 0);
    expect(errores.api.revision).toBe("errores");
    expect((errores.api.respuestas as object[]).map((r) => Object.keys(r).sort())[0]).toEqual([
      "esCorrecta",
      "pregunta",
      "puntaje",
      "respuestaUsuario",
    ]);
    const respuestas = await attempt(course, s, 1);
    for (const shown of [respuestas.page, respuestas.api]) {
      expect(shown.respuestas).toEqual([
        expect.objectContaining({ esCorrecta: false, respuestaUsuario: "Opción 0", respuestaCorrecta: "Opción 1" }),
        expect.objectContaining({ esCorrecta: true, respuestaCorrecta: "Opción 1" }),
        expect.objectContaining({ esCorrecta: true, respuestaCorrecta: "Opción 1" }),
      ]);
    }
  });

  it("'al_terminar' shows the score only until no attempt is left or the due date has passed", async () => {
    const course = await courseWithQuiz();
    const [first, second] = course.modulos;
    await prisma.module.update({
      where: { id: first!.id },
      data: { revision: "errores", revisionCuando: "al_terminar", intentosMaximos: 2 },
    });
    await prisma.module.update({
      where: { id: second!.id },
      data: { revision: "respuestas", revisionCuando: "al_terminar", fechaLimite: new Date(Date.now() - 60_000) },
    });
    const s = await student(course.id);
    // The first of two attempts (the page): the score only; the last (the API): the errors.
    const early = await attempt(course, s, 0);
    expect([early.page.revision, early.api.revision]).toEqual(["puntaje", "errores"]);
    expect(early.page).not.toHaveProperty("respuestas");
    expect(early.api.respuestas).toHaveLength(3);
    // The due date has passed: the right answers at once, with attempts unlimited.
    const late = await attempt(course, s, 1);
    expect([late.page.revision, late.api.revision]).toEqual(["respuestas", "respuestas"]);
  });
});

describe("quiz page: after a pass, the next module", () => {
  it("names the module after this one, and none after the last", async () => {
    const course = await courseWithQuiz();
    const s = await student(course.id);
    const page = (moduloIndex: string) =>
      quizRoute.loader(args(getRequest("/q", s.cookie), { cursoId: course.id, moduloIndex }));
    expect((await page("0")).siguiente).toEqual({ numero: 2, titulo: "Módulo 2" });
    expect((await page("1")).siguiente).toBeNull();
  });
});

describe("quiz API", () => {
  it("ignores a forged pass and grades the answers", async () => {
    const course = await courseWithQuiz();
    const s = await student(course.id);
    const body = {
      cursoId: course.id,
      moduloIndex: 1,
      usuarioId: "otro",
      respuestas: [0, 0, 0],
      aprobado: true,
      porcentaje: 100,
      calificacion: 100,
      puntajeTotal: 3,
    };
    const response = await answersApi.action(args(jsonRequest("/api/quiz/respuestas", body, { token: s.token })));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ aprobado: false, porcentaje: 0, progreso: 0 });
    expect(await prisma.quizAttempt.findFirstOrThrow({ where: { userId: s.user.id } })).toMatchObject({
      aprobado: false,
      porcentaje: 0,
    });

    const right = await answerApi.action(
      args(
        jsonRequest(
          `/api/cursos/${course.id}/modulos/1/responder`,
          { respuestas: ["1", "Opción 1", { indice: 1 }] },
          { token: s.token },
        ),
        { cursoId: course.id, moduloIndex: "1" },
      ),
    );
    expect(await readJson(right)).toMatchObject({ aprobado: true, porcentaje: 100, progreso: 50 });

    const attempts = await attemptsApi.loader(
      args(jsonRequest(`/api/quiz/intentos/${course.id}/1`, null, { method: "GET", token: s.token }), {
        cursoId: course.id,
        moduloIndex: "1",
      }),
    );
    expect(await readJson(attempts)).toEqual({
      aprobado: true,
      intentosPrevios: 2,
      intentosMaximos: null,
      intentosRestantes: null,
      ultimoIntento: { porcentaje: 100 },
      mejorPorcentaje: 100,
    });

    const missing = await answersApi.action(
      args(
        jsonRequest(
          "/api/quiz/respuestas",
          { cursoId: course.id, moduloIndex: 0, respuestas: [1] },
          { token: s.token },
        ),
      ),
    );
    expect(missing.status).toBe(400);
  });

  it("speaks the quiz's authentication messages", async () => {
    const course = await courseWithQuiz();
    const body = { cursoId: course.id, moduloIndex: 0, respuestas: [1, 1, 1] };
    const none = await answersApi.action(args(jsonRequest("/api/quiz/respuestas", body)));
    expect(none.status).toBe(401);
    expect(await readJson(none)).toEqual({ error: QUIZ_AUTH_MESSAGES.missing });
    const garbage = await answersApi.action(args(jsonRequest("/api/quiz/respuestas", body, { token: "x.y.z" })));
    expect(await readJson(garbage)).toEqual({ error: "Error de autenticación. Por favor, inicia sesión nuevamente." });
    const s = await student(course.id);
    await prisma.user.delete({ where: { id: s.user.id } });
    const gone = await answersApi.action(args(jsonRequest("/api/quiz/respuestas", body, { token: s.token })));
    expect(await readJson(gone)).toEqual({
      error: "No se pudo identificar al usuario. Por favor, inicia sesión nuevamente.",
    });
  });

  it("refuses an unknown module (404) and a course one is not in (403) with the quiz's words, storing nothing", async () => {
    const course = await courseWithQuiz();
    const outsider = await student();
    const answer = (index: string, token: string) =>
      answerApi.action(
        args(jsonRequest(`/api/cursos/${course.id}/modulos/${index}/responder`, { respuestas: [1, 1, 1] }, { token }), {
          cursoId: course.id,
          moduloIndex: index,
        }),
      );
    const missing = await answer("9", outsider.token);
    expect(missing.status).toBe(404);
    expect(await readJson(missing)).toEqual({ error: QUIZ_NOT_FOUND });
    const forbidden = await answer("0", outsider.token);
    expect(forbidden.status).toBe(403);
    expect(await readJson(forbidden)).toEqual({ error: QUIZ_FORBIDDEN });
    expect(await prisma.quizAttempt.count({ where: { userId: outsider.user.id } })).toBe(0);
  });

  it("recomputes progress on request, for oneself or an admin only", async () => {
    const course = await courseWithQuiz();
    const s = await student(course.id);
    const other = await student(course.id);
    const call = (token: string, userId: string) =>
      progressApi.action(
        args(jsonRequest(`/api/cursos/${course.id}/usuarios/${userId}/progreso`, { progreso: 100 }, { token }), {
          cursoId: course.id,
          userId,
        }),
      );
    const own = await call(s.token, s.user.id);
    expect(await readJson(own)).toEqual({ progreso: 0 });
    expect((await call(other.token, s.user.id)).status).toBe(403);
  });
});
