// @postgresql: starts and submissions of a served attempt sent at once (the module's row lock at READ COMMITTED)
// A module that serves its attempts (docs/decisions/045-served-attempts.md): six starts at once make
// one open attempt, and six submissions of it store one attempt.
import { expect, it } from "vitest";
import { START_FIRST } from "~/features/quizzes/quiz.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as answerApi from "~/routes/api/cursos.answer.ts";
import * as startApi from "~/routes/api/cursos.start-attempt.ts";
import { args, createCourse, jsonRequest, oneQuestionQuiz, readJson, signedIn } from "../factories.ts";

it("six starts at once share one open attempt; six answers to it store one attempt, the rest are 409", async () => {
  const course = await createCourse({
    titulo: "Un intento barajado",
    modulos: [{ titulo: "Módulo 1", barajar: true, intentosMaximos: 1, preguntas: oneQuestionQuiz() }],
  });
  const s = await signedIn("estudiante");
  await prisma.enrolment.create({ data: { userId: s.user.id, cursoId: course.id } });
  const params = { cursoId: course.id, moduloIndex: "0" };
  const send = (route: typeof startApi | typeof answerApi, path: string, body: unknown) =>
    route.action(args(jsonRequest(`/api/cursos/${course.id}/modulos/0/${path}`, body, { token: s.token }), params));
  const starts = await Promise.all(Array.from({ length: 6 }, () => send(startApi, "intentos", {})));
  expect(starts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(await prisma.openAttempt.count({ where: { userId: s.user.id } })).toBe(1);
  const served = (await readJson(starts[0]!)).preguntas as Array<{ opciones: Array<{ id: string; texto: string }> }>;
  const right = served[0]!.opciones.find((o) => o.texto === "4")!.id;
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => send(answerApi, "responder", { respuestas: [right] })),
  );
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  expect(await readJson(answers.find((r) => r.status === 409)!)).toEqual({ error: START_FIRST });
  expect(await prisma.quizAttempt.count({ where: { userId: s.user.id } })).toBe(1);
  expect(await prisma.openAttempt.count({ where: { userId: s.user.id } })).toBe(0);
});
