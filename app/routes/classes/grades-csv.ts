import { requireClassManager } from "~/features/classes/guards.server.ts";
import { classGradesCsv } from "~/features/classes/progress.server.ts";
import { csvResponse } from "~/lib/csv.server.ts";
import type { Route } from "./+types/grades-csv";

/**
 * 'Descargar notas (CSV)' (docs/product.md#classes): the class's notas for a school's records, as
 * every export of the product (lib/csv.server.ts), streamed 500 learners at a time.
 */
export async function loader(args: Route.LoaderArgs) {
  const { clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  const csv = await classGradesCsv(clase);
  return csvResponse(`notas-${clase.nombre}.csv`, csv.header, csv.batches);
}
