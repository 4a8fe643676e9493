// Course progress (docs/product.md#progress), stored on the enrolment: passed modules ÷ modules
// that have a quiz, as a whole percentage (percentOf: 2 of 3 is 67, never 100 before all are
// passed). A course without quiz modules has no progress to make (0) and cannot be finished.
import { percentOf } from "../../lib/percent.ts";

export function progressPercent(quizModuleIds: readonly string[], passedModuleIds: ReadonlySet<string>): number {
  if (quizModuleIds.length === 0) return 0;
  const passed = quizModuleIds.filter((id) => passedModuleIds.has(id)).length;
  return percentOf(passed, quizModuleIds.length);
}

/**
 * Progress as shown: a whole number 0–100; anything non-numeric or out of range is 0
 * (docs/product.md#enrolled-courses).
 */
export function displayProgress(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 100) return 0;
  return Math.round(n);
}

export function progressStatus(value: unknown): "Finalizado" | "En progreso" {
  return displayProgress(value) === 100 ? "Finalizado" : "En progreso";
}
