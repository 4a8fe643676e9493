// What a signed-in learner has done with a course, as the cards and the course page show it
// (docs/product.md#learner-state). Browser-safe: types and texts only.

/**
 * No entry: not enrolled ('Comenzar Curso'). 'otro-publico': a course for another audience, which
 * this viewer may not take (enrolment/rules.ts enrolmentDecision): who it is for and why, instead
 * of a button the server would refuse.
 */
export type LearnerState =
  | { estado: "inscrito"; progreso: number }
  | { estado: "finalizado"; certificado: { codigo: string; pdfUrl: string } }
  | { estado: "otro-publico"; para: string; motivo: string };

/** Course id → state, for the courses of one page (plain object: it crosses the loader). */
export type LearnerStates = Record<string, LearnerState>;

export const CONTINUE = "Continuar";
export const FINISHED = "Finalizado ✓";

/**
 * The module to take next (docs/product.md#learner-state): the first one with a quiz not passed
 * yet, else the first one; null for a course without modules. The course banner's 'Continuar'
 * and the 'Mis cursos' cards follow this one rule.
 */
export function nextModuleIndex(modules: ReadonlyArray<{ tieneQuiz: boolean; aprobado: boolean }>): number | null {
  if (modules.length === 0) return null;
  const index = modules.findIndex((m) => m.tieneQuiz && !m.aprobado);
  return index === -1 ? 0 : index;
}

/**
 * Where 'Continuar' leads: `?modulo=N` makes the server open module N (no JavaScript needed) and
 * `#modulo-N` scrolls to it; a course without modules, to its module list. `coursePath` is empty
 * on the course page itself, `/cursos/{cursoId}` elsewhere.
 */
export function continueHref(nextIndex: number | null, coursePath = ""): string {
  if (nextIndex === null) return `${coursePath}#modulos`;
  const n = nextIndex + 1;
  return `${coursePath}?modulo=${n}#modulo-${n}`;
}
