import { courseDetailJson } from "~/features/courses/course-json.ts";
import { getCourseForViewer } from "~/features/courses/courses.server.ts";
import { COURSE_NOT_FOUND } from "~/features/enrolment/enrolment.server.ts";
import { apiError, apiJson, handleApi, methodNotAllowed, optionalApiUser } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.detail";

/** GET /api/cursos/{id}: the course as this caller may see it (drafts and materials by role). */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const course = await getCourseForViewer(args.params.id, await optionalApiUser(args));
    if (!course) return apiError(404, COURSE_NOT_FOUND);
    return apiJson(courseDetailJson(course));
  });
}

// PUT (edit) and DELETE come with the course-authoring issue.
export const action = () => methodNotAllowed("GET");
