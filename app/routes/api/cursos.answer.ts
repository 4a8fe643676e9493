import {
  answerFromApi,
  QUIZ_TARGET_MISSING,
  QuizAnswersSchema,
  QuizResultSchema,
} from "~/features/quizzes/answer-api.server.ts";
import { QUIZ_AUTH_MESSAGES } from "~/features/quizzes/api.server.ts";
import { QUIZ_FORBIDDEN, QUIZ_NOT_FOUND } from "~/features/quizzes/quiz.server.ts";
import { readBody } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/modulos/{moduloIndex}/responder", {
  post: {
    tag: "Evaluaciones",
    summary: "Responder la evaluación de un módulo",
    description: "Se califica en el servidor; cualquier nota enviada se ignora.",
    access: "user",
    body: { json: QuizAnswersSchema },
    ok: { 200: json("El resultado.", QuizResultSchema) },
    messages: QUIZ_AUTH_MESSAGES,
    errors: {
      400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
      403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
      404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
    },
    // The answers are read leniently (answerFromApi): an odd one counts as unanswered.
    handler: async ({ user, params, request }) =>
      answerFromApi(user, params.cursoId, params.moduloIndex, await readBody(request)),
  },
});
export const action = loader;
