import {
  answerFromApi,
  QUIZ_TARGET_MISSING,
  QuizAnswersWithModuleSchema,
  QuizResultSchema,
} from "~/features/quizzes/answer-api.server.ts";
import { QUIZ_AUTH_MESSAGES } from "~/features/quizzes/api.server.ts";
import { QUIZ_FORBIDDEN, QUIZ_NOT_FOUND } from "~/features/quizzes/quiz.server.ts";
import { readBody } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/quiz/respuestas", {
  post: {
    tag: "Evaluaciones",
    summary: "Responder una evaluación (curso y módulo en el cuerpo)",
    description:
      "Como POST /api/cursos/{cursoId}/modulos/{moduloIndex}/responder, con cursoId y moduloIndex en el cuerpo. Se " +
      "califica en el servidor; cualquier nota enviada se ignora.",
    access: "user",
    body: { json: QuizAnswersWithModuleSchema },
    ok: { 200: json("El resultado.", QuizResultSchema) },
    messages: QUIZ_AUTH_MESSAGES,
    errors: {
      400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
      403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
      404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
    },
    // Read leniently, as /responder does (answerFromApi).
    handler: async ({ user, request }) => {
      const body = await readBody(request);
      return answerFromApi(user, body.cursoId, body.moduloIndex, body);
    },
  },
});
export const action = loader;
