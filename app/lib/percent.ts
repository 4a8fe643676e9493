// The one rule for every percentage the product shows (a quiz result, course progress, the
// API's porcentaje / progreso): a whole number 0–100, rounded to the nearest (2 of 3 is 67),
// but never rounded up onto a mark the share has not reached: anything short of all is at most
// 99 (100 means 'Finalizado'), and a result under the pass mark never reads as the pass mark.

/**
 * `part` of `whole` as a whole percentage. `marks`: thresholds (besides 100) that a share just
 * under them must not be rounded up to, e.g. the quiz pass mark (69.7 % shows 69, not 70).
 */
export function percentOf(part: number, whole: number, marks: readonly number[] = []): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  if (part >= whole) return 100;
  let rounded = Math.round((part * 100) / whole);
  for (const mark of [100, ...marks]) {
    // Exact comparison without division: part / whole < mark / 100.
    if (part * 100 < mark * whole && rounded >= mark) rounded = mark - 1;
  }
  return Math.max(0, Math.min(100, rounded));
}

/** How a percentage is written everywhere ('67%'). */
export function formatPercent(value: number): string {
  return `${value}%`;
}
