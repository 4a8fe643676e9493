// Course progress (docs/product.md#progress): passed modules ÷ modules that have a quiz, as a whole percentage.
// A course without quiz modules has no progress to make (0) and cannot be finished.

export function progressPercent(quizModuleIds: readonly string[], passedModuleIds: ReadonlySet<string>): number {
  if (quizModuleIds.length === 0) return 0;
  const passed = quizModuleIds.filter((id) => passedModuleIds.has(id)).length;
  return Math.floor((passed / quizModuleIds.length) * 100);
}
