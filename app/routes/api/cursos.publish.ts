import type { CourseState } from "~/features/courses/course-json.ts";
import { publishCourse, PUBLISH_FAILED } from "~/features/courses/admin-courses.server.ts";
import { apiError, apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { mayPublishCourse, requireApiCourseManager } from "~/features/courses/team.server.ts";
import { fail } from "~/lib/failure.ts";
import type { Route } from "./+types/cursos.publish";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/cursos/{cursoId}/publicar (admin; the course's teachers too with TEACHERS_PUBLISH=true). */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "PUT") return methodNotAllowed("PUT");
    const admin = await requireApiCourseManager(args, args.params.cursoId);
    if (!mayPublishCourse(admin)) return apiError(403, NOT_ALLOWED);
    const outcome = await publishCourse(admin, args.params.cursoId, args.request).catch(() =>
      fail(500, PUBLISH_FAILED),
    );
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<CourseState>({ message: "Curso publicado", id: args.params.cursoId, estado: "publicado" });
  });
}
