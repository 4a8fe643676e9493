import type { Progress } from "~/features/quizzes/answer-api.server.ts";
import { requireQuizApiUser } from "~/features/quizzes/api.server.ts";
import { recomputeProgress } from "~/features/enrolment/progress.server.ts";
import { isEnrolled } from "~/features/enrolment/enrolment.server.ts";
import {
  apiError,
  apiJson,
  handleApi,
  methodNotAllowed,
  FORBIDDEN_OTHER_PROGRESS,
  PROGRESS_NOT_ENROLLED,
} from "~/lib/api.server.ts";
import { requireSelfOrAdmin } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/cursos.progress";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/cursos/{cursoId}/usuarios/{userId}/progreso: recomputes the real progress from stored
 * results and returns it; a `progreso` in the body is ignored. Only that user or an admin.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const caller = await requireQuizApiUser(args);
    const { cursoId, userId } = args.params;
    requireSelfOrAdmin(caller, userId, FORBIDDEN_OTHER_PROGRESS);
    if (!(await isEnrolled(userId, cursoId))) return apiError(404, PROGRESS_NOT_ENROLLED);
    const { progreso } = await recomputeProgress(userId, cursoId);
    return apiJson<Progress>({ progreso });
  });
}
