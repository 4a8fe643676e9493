import { QUIZ_CALL, QuizAttemptsSchema, type QuizAttempts } from "~/features/quizzes/answer-api.server.ts";
import { getQuizForViewer } from "~/features/quizzes/quiz.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/quiz/intentos/{cursoId}/{moduloIndex}", {
  get: {
    ...QUIZ_CALL,
    summary: "Intentos propios en la evaluación de un módulo",
    description: "Si quien llama ya la aprobó, cuántas veces la rindió, su último porcentaje y el mejor.",
    ok: { 200: json("Los intentos.", QuizAttemptsSchema) },
    handler: async ({ user, params }) => {
      const result = await getQuizForViewer(params.cursoId, Number(params.moduloIndex), user);
      if (!result.ok) return apiFailure(result);
      return apiJson<QuizAttempts>(result.info);
    },
  },
});
export const action = loader;
