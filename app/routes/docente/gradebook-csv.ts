import { requireCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { gradebookCsv } from "~/features/reports/reports.server.ts";
import { csvResponse } from "~/lib/csv.server.ts";
import type { Route } from "./+types/gradebook-csv";

/** A course's whole gradebook as CSV (admins and the course's teachers), streamed 1 000 participants at a time. */
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const csv = await gradebookCsv(args.params.cursoId);
  if (!csv) return new Response(COURSE_NOT_FOUND, { status: 404 });
  return csvResponse(`calificaciones-${csv.course.titulo}.csv`, csv.header, csv.batches);
}
