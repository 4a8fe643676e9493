import { ProgressSchema, QUIZ_AUTH_MESSAGES, type Progress } from "~/features/quizzes/answer-api.server.ts";
import { recomputeProgress } from "~/features/enrolment/progress.server.ts";
import { isEnrolled } from "~/features/enrolment/enrolment.server.ts";
import { requireSelfOrAdmin } from "~/features/accounts/api-guards.server.ts";
import { apiError, apiJson, FORBIDDEN_OTHER_PROGRESS, PROGRESS_NOT_ENROLLED } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/usuarios/{userId}/progreso", {
  post: {
    tag: "Evaluaciones",
    summary: "Recalcular el progreso de un usuario en un curso",
    description: "A partir de los resultados guardados; un progreso enviado se ignora. El propio o un administrador.",
    access: "user",
    messages: QUIZ_AUTH_MESSAGES,
    ok: { 200: json("El progreso.", ProgressSchema) },
    errors: {
      403: error("No es tu cuenta.", FORBIDDEN_OTHER_PROGRESS),
      404: error("La cuenta no está inscrita en el curso.", PROGRESS_NOT_ENROLLED),
    },
    handler: async ({ user, params: { cursoId, userId } }) => {
      requireSelfOrAdmin(user, userId, FORBIDDEN_OTHER_PROGRESS);
      if (!(await isEnrolled(userId, cursoId))) return apiError(404, PROGRESS_NOT_ENROLLED);
      const { progreso } = await recomputeProgress(userId, cursoId);
      return apiJson<Progress>({ progreso });
    },
  },
});
export const action = loader;
