import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { getGradebook, GRADEBOOK_API_PAGE_SIZE } from "~/features/reports/reports.server.ts";
import type { Gradebook } from "~/features/reports/schema.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiError, apiNumberedPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/admin.gradebook";

/**
 * GET /api/admin/cursos/{cursoId}/calificaciones?page=N (admins and the course's teachers): a page
 * of the course's gradebook, 100 participants in enrolment order (GradebookSchema; Link header and X-Total-Count).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiCourseManager(args, args.params.cursoId);
    apiQuery(args.request, ...documentedQuery("/api/admin/cursos/{cursoId}/calificaciones"));
    const gradebook = await getGradebook(args.params.cursoId, {
      page: pageFrom(args.request.url),
      size: GRADEBOOK_API_PAGE_SIZE,
    });
    if (!gradebook) return apiError(404, COURSE_NOT_FOUND);
    return apiNumberedPageJson<Gradebook>(gradebook, args.request.url, gradebook);
  });
}

export const action = () => methodNotAllowed("GET");
