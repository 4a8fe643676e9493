import { courseDetailJson } from "~/features/courses/course-json.ts";
import { getCourseForViewer } from "~/features/courses/courses.server.ts";
import { COURSE_NOT_FOUND } from "~/features/enrolment/enrolment.server.ts";
import { deleteCourse } from "~/features/courses/admin-courses.server.ts";
import { apiError, apiJson, handleApi, methodNotAllowed, optionalApiUser, requireApiRole } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.detail";

/** GET /api/cursos/{id}: the course as this caller may see it (drafts and materials by role). */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const course = await getCourseForViewer(args.params.id, await optionalApiUser(args));
    if (!course) return apiError(404, COURSE_NOT_FOUND);
    return apiJson(courseDetailJson(course));
  });
}

/** DELETE /api/cursos/{id} (admin; the spec's client sends no token: the server still requires one).
 * PUT (the course editor's save) comes with the course editor. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
    const admin = await requireApiRole(args, "admin");
    const outcome = await deleteCourse(admin, args.params.id, args.request);
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    return apiJson({ message: "Curso eliminado", id: args.params.id });
  });
}
