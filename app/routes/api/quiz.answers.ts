import {
  answerFromApi,
  QUIZ_CALL,
  QuizAnswersWithModuleSchema,
  QuizResultSchema,
} from "~/features/quizzes/answer-api.server.ts";
import { readBody } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/quiz/respuestas", {
  post: {
    ...QUIZ_CALL,
    summary: "Responder una evaluación (curso y módulo en el cuerpo)",
    description:
      "Como POST /api/cursos/{cursoId}/modulos/{moduloIndex}/responder, con cursoId y moduloIndex en el cuerpo. Se " +
      "califica en el servidor; cualquier nota enviada se ignora.",
    body: { json: QuizAnswersWithModuleSchema },
    ok: { 200: json("El resultado.", QuizResultSchema) },
    // Read leniently, as /responder does (answerFromApi).
    handler: async ({ user, request }) => {
      const body = await readBody(request);
      return answerFromApi(user, body.cursoId, body.moduloIndex, body);
    },
  },
});
export const action = loader;
