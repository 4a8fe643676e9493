import type { QuizAttempts } from "~/features/quizzes/answer-api.server.ts";
import { requireQuizApiUser } from "~/features/quizzes/api.server.ts";
import { getQuizForViewer } from "~/features/quizzes/quiz.server.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/quiz.attempts";

/**
 * GET /api/quiz/intentos/{cursoId}/{moduloIndex} (Bearer):
 * { aprobado, intentosPrevios, ultimoIntento, mejorPorcentaje }.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireQuizApiUser(args);
    const result = await getQuizForViewer(args.params.cursoId, Number(args.params.moduloIndex), user);
    if (!result.ok) return apiFailure(result);
    const { aprobado, intentosPrevios, ultimoIntento, mejorPorcentaje } = result.info;
    return apiJson<QuizAttempts>({ aprobado, intentosPrevios, ultimoIntento, mejorPorcentaje });
  });
}
export const action = () => methodNotAllowed("GET");
