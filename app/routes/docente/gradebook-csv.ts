import { requireCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { claseFrom, gradebookCsv } from "~/features/reports/reports.server.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import { csvResponse } from "~/lib/csv.server.ts";
import type { Route } from "./+types/gradebook-csv";

/**
 * A course's whole gradebook, or one class's (?clase=), as CSV by name (admins and the course's
 * teachers), streamed 1 000 participants at a time.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const clase = claseFrom(args.request.url);
  const csv = await gradebookCsv(args.params.cursoId, clase);
  if (!csv) return new Response(clase ? CLASS_NOT_FOUND : COURSE_NOT_FOUND, { status: 404 });
  const name = csv.clase ? `${csv.course.titulo} - ${csv.clase.nombre}` : csv.course.titulo;
  return csvResponse(`calificaciones-${name}.csv`, csv.header, csv.batches);
}
