import { answerFromApi, QUIZ_CALL, QuizAnswersSchema, QuizResultSchema } from "~/features/quizzes/answer-api.server.ts";
import { readBody } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/modulos/{moduloIndex}/responder", {
  post: {
    ...QUIZ_CALL,
    summary: "Responder la evaluación de un módulo",
    description: "Se califica en el servidor; cualquier nota enviada se ignora.",
    body: { json: QuizAnswersSchema },
    ok: { 200: json("El resultado.", QuizResultSchema) },
    // The answers are read leniently (answerFromApi): an odd one counts as unanswered.
    handler: async ({ user, params, request }) =>
      answerFromApi(user, params.cursoId, params.moduloIndex, await readBody(request)),
  },
});
export const action = loader;
