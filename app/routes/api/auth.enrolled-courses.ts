import { API_ENROLLED_PAGE_SIZE, enrolledCourseViews } from "~/features/learning/enrolled-courses.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { documentedQuery } from "./openapi.server.ts";
import { getUser, USER_NOT_FOUND } from "~/features/users/users.server.ts";
import {
  ApiError,
  apiNumberedPageJson,
  apiQuery,
  handleApi,
  methodNotAllowed,
  FORBIDDEN_OTHER_COURSES,
} from "~/lib/api.server.ts";
import { requireApiUser, requireSelfOrAdmin } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/auth.enrolled-courses";

/**
 * GET /api/auth/{userId}/cursos-inscritos (Bearer or session): the user's enrolled courses,
 * [{ id, nombre, duracion, progreso }], 100 at a time (?page=N; Link header, X-Total-Count).
 * Only the caller's own list, or any list for an admin.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await requireApiUser(args);
    const url = apiQuery(args.request, ...documentedQuery("/api/auth/{userId}/cursos-inscritos"));
    const { userId } = args.params;
    requireSelfOrAdmin(caller, userId, FORBIDDEN_OTHER_COURSES);
    if (userId !== caller.id) {
      if (!(await getUser(userId))) throw new ApiError(404, USER_NOT_FOUND);
    }
    const list = await enrolledCourseViews(userId, pageFrom(url), API_ENROLLED_PAGE_SIZE);
    return apiNumberedPageJson(list.courses, url.href, list);
  });
}

export const action = () => methodNotAllowed("GET");
