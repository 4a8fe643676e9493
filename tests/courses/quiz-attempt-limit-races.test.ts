// @postgresql: attempts sent at once at a limited module (the module's row lock at READ COMMITTED)
// A module allowing 2 attempts, six answers at once through the API: exactly two stored, four 409.
import { expect, it } from "vitest";
import { NO_ATTEMPTS_LEFT } from "~/features/quizzes/quiz.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as answerApi from "~/routes/api/cursos.answer.ts";
import { args, createCourse, jsonRequest, oneQuestionQuiz, readJson, signedIn } from "../factories.ts";

it("lets exactly the allowed attempts in when they arrive at once; the rest are 409", async () => {
  const course = await createCourse(
    { titulo: "Dos intentos", modulos: [{ titulo: "Módulo 1", intentosMaximos: 2, preguntas: oneQuestionQuiz() }] },
    { include: { modulos: true } },
  );
  const s = await signedIn("estudiante");
  await prisma.enrolment.create({ data: { userId: s.user.id, cursoId: course.id } });
  const send = () =>
    answerApi.action(
      args(jsonRequest(`/api/cursos/${course.id}/modulos/0/responder`, { respuestas: [0] }, { token: s.token }), {
        cursoId: course.id,
        moduloIndex: "0",
      }),
    );
  const responses = await Promise.all(Array.from({ length: 6 }, send));
  expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
  expect(await readJson(responses.find((r) => r.status === 409)!)).toEqual({ error: NO_ATTEMPTS_LEFT(2) });
  expect(await prisma.quizAttempt.count({ where: { userId: s.user.id } })).toBe(2);
  const ok = await Promise.all(responses.filter((r) => r.status === 200).map((r) => readJson(r)));
  expect(ok.map((r) => r.intentosRestantes).sort()).toEqual([0, 1]);
});
