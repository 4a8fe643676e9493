import { QUIZ_TARGET_MISSING, QuizAttemptsSchema, type QuizAttempts } from "~/features/quizzes/answer-api.server.ts";
import { QUIZ_AUTH_MESSAGES } from "~/features/quizzes/api.server.ts";
import { getQuizForViewer, QUIZ_FORBIDDEN, QUIZ_NOT_FOUND } from "~/features/quizzes/quiz.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/quiz/intentos/{cursoId}/{moduloIndex}", {
  get: {
    tag: "Evaluaciones",
    summary: "Intentos propios en la evaluación de un módulo",
    description: "Si quien llama ya la aprobó, cuántas veces la rindió, su último porcentaje y el mejor.",
    access: "user",
    ok: { 200: json("Los intentos.", QuizAttemptsSchema) },
    messages: QUIZ_AUTH_MESSAGES,
    errors: {
      400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
      403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
      404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
    },
    handler: async ({ user, params }) => {
      const result = await getQuizForViewer(params.cursoId, Number(params.moduloIndex), user);
      if (!result.ok) return apiFailure(result);
      const { aprobado, intentosPrevios, ultimoIntento, mejorPorcentaje } = result.info;
      return apiJson<QuizAttempts>({ aprobado, intentosPrevios, ultimoIntento, mejorPorcentaje });
    },
  },
});
export const action = loader;
