import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { getCourseReport } from "~/features/reports/reports.server.ts";
import type { CourseReport } from "~/features/reports/schema.ts";
import { apiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/admin.course-report";

/**
 * GET /api/admin/cursos/{cursoId}/reporte (admins and the course's teachers): a course's funnel
 * and quiz modules (CourseReportSchema).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiCourseManager(args, args.params.cursoId);
    const report = await getCourseReport(args.params.cursoId);
    return report ? apiJson<CourseReport>(report) : apiError(404, COURSE_NOT_FOUND);
  });
}

export const action = () => methodNotAllowed("GET");
