import { requireAdmin } from "~/features/auth/guards.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { gradebookCsv } from "~/features/reports/reports.server.ts";
import { csvResponse } from "~/lib/csv.server.ts";
import type { Route } from "./+types/gradebook-csv";

/** A course's whole gradebook as CSV (admin), streamed 1 000 participants at a time. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const csv = await gradebookCsv(args.params.cursoId);
  if (!csv) return new Response(COURSE_NOT_FOUND, { status: 404 });
  return csvResponse(`calificaciones-${csv.course.titulo}.csv`, csv.header, csv.batches);
}
