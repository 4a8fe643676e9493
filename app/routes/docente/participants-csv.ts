import { requireCourseManager } from "~/features/courses/team.server.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { participantCsvBatches, PARTICIPANTS_CSV_HEADER } from "~/features/enrolment/participants.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { csvResponse } from "~/lib/csv.server.ts";
import type { Route } from "./+types/participants-csv";

/** The participants table as CSV (admins and the course's teachers), streamed 1 000 rows at a time. */
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const course = await getCourseTitle(args.params.cursoId);
  if (!course) return new Response(COURSE_NOT_FOUND, { status: 404 });
  return csvResponse(`participantes-${course.titulo}.csv`, PARTICIPANTS_CSV_HEADER, participantCsvBatches(course.id));
}
