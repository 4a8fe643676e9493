import { courseDetailJson, type CourseDetail } from "~/features/learning/course-json.ts";
import { getAuthorView } from "~/features/authoring/whole-course.server.ts";
import { getCourseForViewer } from "~/features/learning/course-view.server.ts";
import { COURSE_NOT_FOUND } from "~/features/enrolment/enrolment.server.ts";
import { deleteCourse } from "~/features/courses/admin-courses.server.ts";
import { submitCourseUpdate } from "~/features/authoring/course-submit.server.ts";
import { UPDATED } from "~/features/authoring/texts.ts";
import { type ApiNoticeId, apiError, apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { optionalApiUser, requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { mayManageCourse, requireApiCourseManager } from "~/features/courses/team.server.ts";
import type { Route } from "./+types/cursos.detail";

/**
 * GET /api/cursos/{cursoId}: the course as this caller may see it (drafts and materials by role).
 * Answers never reach learners; whoever manages the course (an admin, one of its teachers) also
 * gets each module's `quiz` with question ids and the correct option, and the course's `exigencia`,
 * so the course can be edited
 * and sent back with PUT.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await optionalApiUser(args);
    const course = await getCourseForViewer(args.params.cursoId, viewer);
    if (!course) return apiError(404, COURSE_NOT_FOUND);
    const json = courseDetailJson(course);
    if (!(await mayManageCourse(viewer, course.id))) return apiJson(json);
    const author = await getAuthorView(course.id);
    if (!author) return apiError(404, COURSE_NOT_FOUND);
    return apiJson<CourseDetail>({
      ...json,
      modulos: json.modulos.map((m) => ({ ...m, quiz: { preguntas: author.quizzes.get(m.id) ?? [] } })),
      exigencia: author.exigencia,
    });
  });
}

/**
 * PUT /api/cursos/{cursoId} (admins and the course's teachers; docs/product.md#api-courses): every
 * course field as multipart (or JSON; one left out is a 400 that names it, never a default), an
 * optional new imagen, and optionally `modulos` (JSON; existing modules by id, files to keep listed
 * in archivosModulo) with new files archivosModulo_{index}. All or nothing.
 * PATCH /api/cursos/{cursoId}: the same body, but only the fields sent change (the same rules).
 * DELETE /api/cursos/{cursoId} (admin; the original client sent no token: the server requires one).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const method = args.request.method;
    if (method !== "DELETE" && method !== "PUT" && method !== "PATCH")
      return methodNotAllowed("GET, PUT, PATCH, DELETE");
    if (method === "PUT" || method === "PATCH") {
      const manager = await requireApiCourseManager(args, args.params.cursoId);
      const how = method === "PUT" ? "put" : "patch";
      const outcome = await submitCourseUpdate(manager, args.params.cursoId, args.request, how);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: UPDATED, id: args.params.cursoId });
    }
    const admin = await requireApiRole(args, "admin");
    const outcome = await deleteCourse(admin, args.params.cursoId, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: "Curso eliminado", id: args.params.cursoId });
  });
}
