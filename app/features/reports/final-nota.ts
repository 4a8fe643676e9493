// The final nota of a gradebook's row (docs/decisions/044-manual-grade-columns.md): a plain
// average of every nota by default; with weights, the quiz modules' average weighs `evaluaciones` %
// and the manual columns' the rest. Exact: notas are tenths, the result one fraction of integers
// rounded once, halves up, as Chilean schools round (3,95 is a 4,0). Pure.
import { averageNota } from "~/features/quizzes/nota.ts";

const tenths = (notas: readonly number[]) => notas.reduce((sum, n) => sum + Math.round(n * 10), 0);

/** The final nota of a row's module notas and manual notas; null for none. */
export function finalNota(modules: readonly number[], manual: readonly number[], evaluaciones: number | null) {
  if (evaluaciones === null || modules.length === 0 || manual.length === 0) return averageNota([...modules, ...manual]);
  // (w·Σq/nq + (100 − w)·Σm/nm) / 100, in tenths: one fraction, rounded halves up.
  const top = evaluaciones * tenths(modules) * manual.length + (100 - evaluaciones) * tenths(manual) * modules.length;
  const bottom = 100 * modules.length * manual.length;
  return Math.floor((2 * top + bottom) / (2 * bottom)) / 10;
}
