import { participantJson, type Participants } from "~/features/courses/course-json.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { listParticipants } from "~/features/enrolment/participants.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiError, apiNumberedPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/cursos.participants";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";

// 50 a page, like the other API lists (messages, books): a page's cost is its rows (each an
// enrolment and a user read by key, serialised and compressed), so a phone on a slow connection
// gets a first page as quickly as from a short list (2.4× the demo's cost at 200; decision 009).
const API_PAGE_SIZE = 50;

/**
 * GET /api/cursos/{cursoId}/participantes (admins and the course's teachers): { participantes: [...] }, 50 at a time in
 * enrolment order (?page=N; Link header and X-Total-Count).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiCourseManager(args, args.params.cursoId);
    const url = apiQuery(args.request, ...documentedQuery("/api/cursos/{cursoId}/participantes"));
    if (!(await getCourseTitle(args.params.cursoId))) return apiError(404, COURSE_NOT_FOUND);
    const list = await listParticipants(args.params.cursoId, { page: pageFrom(url), size: API_PAGE_SIZE });
    return apiNumberedPageJson<Participants>(
      { participantes: list.participantes.map(participantJson) },
      url.href,
      list,
    );
  });
}
export const action = () => methodNotAllowed("GET");
