// The Chilean 1,0–7,0 grade (docs/product.md#calificaciones): the one place a percentage becomes a
// 'Nota' and the one place that decides 'Aprobado' (docs/decisions/043-one-pass-mark.md). A
// course's exigencia e is its pass mark and the percentage that earns a 4,0; below it the scale
// runs linearly from 1,0 (0 %) to 3,9, from it to 7,0 (100 %). Pure, no imports: grading, the
// gradebook, its CSV and its API (features/reports), the course editor's bounds
// (features/authoring) and a class's records use it alike.
//
// Exact arithmetic: every percentage in the product is a whole number (app/lib/percent.ts), so a
// nota in tenths is a fraction of integers and is rounded with integer division. In floating
// point 74 % with 60 % is 5.05 but toFixed(1) makes it a 5,0, and 1 + 3·(11/60) is 1.5499…, a 1,5
// where a school writes 1,6.

/** The exigencia a course starts with: the specification's pass mark, 70 %. */
export const EXIGENCIA_DEFAULT = 70;
/**
 * The exigencias a course may set: 50 % to 90 %. Beyond that the scale degenerates: with 95 % a
 * learner with 94 % would get a 3,9.
 */
export const EXIGENCIA_MIN = 50;
export const EXIGENCIA_MAX = 90;

/**
 * Whether a whole percentage p passes with exigencia e: p reaches e. The same as nota(p, e) ≥ 4,0,
 * since below e the nota stops at 3,9. The stored QuizAttempt.aprobado is this at grading time.
 */
export function aprobado(p: number, e: number): boolean {
  checkExigencia(e);
  return p >= e;
}

/** The lowest and highest nota, in tenths, and the highest below the exigencia (a fail). */
const MIN_TENTHS = 10;
const MAX_TENTHS = 70;
const MAX_FAIL_TENTHS = 39;

/** a ÷ b rounded to the nearest integer, halves up (a ≥ 0, b > 0, both integers). */
function roundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

function checkExigencia(e: number) {
  if (!Number.isInteger(e) || e < 1 || e > 99) throw new RangeError(`Exigencia fuera de rango: ${e}`);
}

/**
 * The nota, in tenths (10 to 70), of a whole percentage p (clamped to 0–100) with exigencia e
 * (a whole percentage, 1–99): 1 + 3·p/e below e, 4 + 3·(p − e)/(100 − e) from it, rounded to
 * one decimal, halves up (4,45 is a 4,5, as Chilean schools round). Below e it is at most 3,9:
 * 69 % with 70 % (3,957…) is a 3,9, not a 4,0 that would read as a pass.
 */
function notaTenths(p: number, e: number): number {
  checkExigencia(e);
  if (!Number.isInteger(p)) throw new RangeError(`Porcentaje no entero: ${p}`);
  const q = Math.min(100, Math.max(0, p));
  // Below e: tenths = 10 + 30·q/e = (10e + 30q)/e. From e: 40 + 30·(q − e)/(100 − e).
  const tenths =
    q < e
      ? Math.min(MAX_FAIL_TENTHS, roundHalfUp(10 * e + 30 * q, e))
      : roundHalfUp(40 * (100 - e) + 30 * (q - e), 100 - e);
  return Math.min(MAX_TENTHS, Math.max(MIN_TENTHS, tenths));
}

/** The nota of a whole percentage p with exigencia e, as a number with one decimal (5.5). */
export function nota(p: number, e: number): number {
  return notaTenths(p, e) / 10;
}

/**
 * The final nota of several notas (each with one decimal, 1.0–7.0): their average, rounded to one
 * decimal, halves up, as a school averages its partial grades. Null for none.
 */
export function averageNota(notas: readonly number[]): number | null {
  if (notas.length === 0) return null;
  const tenths = notas.map((n) => Math.round(n * 10));
  if (tenths.some((t) => t < MIN_TENTHS || t > MAX_TENTHS)) throw new RangeError(`Nota fuera de rango: ${notas}`);
  return (
    roundHalfUp(
      tenths.reduce((sum, t) => sum + t, 0),
      tenths.length,
    ) / 10
  );
}

/** A nota as Chileans write it: one decimal and a comma ('4,0', '5,5', '7,0'). */
export function formatNota(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1).replace(".", ",");
}
