import { getCourseTitle, listParticipants } from "~/features/courses/admin-courses.server.ts";
import { apiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/cursos.participants";
import { COURSE_NOT_FOUND } from "~/features/courses/messages.ts";

/** GET /api/cursos/{id}/participantes (admin): { participantes: [...] }. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiRole(args, "admin");
    if (!(await getCourseTitle(args.params.id))) return apiError(404, COURSE_NOT_FOUND);
    const { participantes } = await listParticipants(args.params.id, { all: true });
    return apiJson({
      participantes: participantes.map((p) => ({ ...p, registradoEn: p.registradoEn?.toISOString() ?? null })),
    });
  });
}
export const action = () => methodNotAllowed("GET");
