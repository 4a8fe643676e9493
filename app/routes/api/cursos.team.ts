import { getTeam, replaceTeam, requireApiCourseManager } from "~/features/courses/team.server.ts";
import { TeamPutSchema, type Team } from "~/features/courses/team-schema.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { apiError, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.team";

/** GET /api/cursos/{cursoId}/equipo (admins and the course's teachers): the team (docs/product.md#course-teams). */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiCourseManager(args, args.params.cursoId);
    const team = await getTeam(args.params.cursoId);
    return team ? apiJson<Team>(team) : apiError(404, COURSE_NOT_FOUND);
  });
}

/** PUT /api/cursos/{cursoId}/equipo (admin): { profesores: [userId, …] } replaces the team, audited. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "PUT") return methodNotAllowed("GET, PUT");
    const admin = await requireApiRole(args, "admin");
    const body = await parseBody(args.request, TeamPutSchema);
    const outcome = await replaceTeam(admin, args.params.cursoId, body.profesores, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<Team>(outcome.team);
  });
}
