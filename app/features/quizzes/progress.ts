// Course progress (docs/product.md#progress): passed modules ÷ modules that have a quiz, as a whole
// percentage (percentOf: 2 of 3 is 67, never 100 before all are passed). A course without quiz
// modules has no progress to make (0) and cannot be finished.
import { percentOf } from "../../lib/percent.ts";

export function progressPercent(quizModuleIds: readonly string[], passedModuleIds: ReadonlySet<string>): number {
  if (quizModuleIds.length === 0) return 0;
  const passed = quizModuleIds.filter((id) => passedModuleIds.has(id)).length;
  return percentOf(passed, quizModuleIds.length);
}
