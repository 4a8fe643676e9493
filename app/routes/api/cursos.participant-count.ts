import { participantCount } from "~/features/courses/courses.server.ts";
import { COURSE_NOT_FOUND } from "~/features/enrolment/enrolment.server.ts";
import { apiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/cursos.participant-count";

/** GET /api/cursos/{cursoId}/cantidadParticipantes (Bearer). */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(args);
    const count = await participantCount(args.params.cursoId, viewer);
    if (count === null) return apiError(404, COURSE_NOT_FOUND);
    return apiJson({ cantidadParticipantes: count });
  });
}
export const action = () => methodNotAllowed("GET");
