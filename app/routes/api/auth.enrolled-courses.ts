import { API_ENROLLED_PAGE_SIZE, enrolledCourseViews } from "~/features/enrolment/enrolled-courses.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { getUser, USER_NOT_FOUND } from "~/features/users/users.server.ts";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiUser, requireSelfOrAdmin } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/auth.enrolled-courses";

export const FORBIDDEN_OTHER_USER = "No tienes permiso para ver los cursos de otro usuario.";

/**
 * GET /api/auth/{userId}/cursos-inscritos (Bearer or session): the user's enrolled courses,
 * [{ id, nombre, duracion, progreso }], 100 at a time (?page=N; Link header, X-Total-Count).
 * Only the caller's own list, or any list for an admin.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireApiUser(args);
    const { userId } = args.params;
    requireSelfOrAdmin(caller, userId, FORBIDDEN_OTHER_USER);
    if (userId !== caller.id) {
      if (!(await getUser(userId))) throw new ApiError(404, USER_NOT_FOUND);
    }
    const url = new URL(args.request.url);
    const list = await enrolledCourseViews(userId, pageFrom(url), API_ENROLLED_PAGE_SIZE);
    const response = apiJson(list.courses);
    const links: string[] = [];
    if (list.page < list.pageCount) links.push(`<${url.pathname}?page=${list.page + 1}>; rel="next"`);
    if (list.page > 1) links.push(`<${url.pathname}?page=${list.page - 1}>; rel="prev"`);
    if (links.length) response.headers.set("Link", links.join(", "));
    response.headers.set("X-Total-Count", String(list.total));
    return response;
  });
}

export const action = () => methodNotAllowed("GET");
