// Words of the quiz page (docs/product.md#texts-quizzes-and-certificates). Browser-safe.
import { formatPercent } from "~/lib/percent.ts";

/** '100% · Aprobado', '33% · No aprobado': a result, or the best one so far. */
export const resultLabel = (porcentaje: number, aprobado: boolean) =>
  `${formatPercent(porcentaje)} · ${aprobado ? "Aprobado" : "No aprobado"}`;

/** After a retake: the module keeps its best result. */
export const bestKept = (best: string) => `Se conserva tu mejor resultado: ${best}.`;
