// What a signed-in learner has done with a course, as the cards and the course page show it
// (docs/product.md#learner-state). Browser-safe: types and texts only.

/** No entry: not enrolled ('Comenzar Curso'). */
export type LearnerState =
  { estado: "inscrito"; progreso: number } | { estado: "finalizado"; certificado: { codigo: string; pdfUrl: string } };

/** Course id → state, for the courses of one page (plain object: it crosses the loader). */
export type LearnerStates = Record<string, LearnerState>;

export const CONTINUE = "Continuar";
export const FINISHED = "Finalizado ✓";
export const SEE_CERTIFICATE = "Ver certificado";
export const NEW_TAB_HINT = "(se abre en una pestaña nueva)";
