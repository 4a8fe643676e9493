// The module questions' words the pages, the API and the tests share (docs/product.md#module-questions).
// Free of Zod and Prisma, so pages can import them.
export const QUESTION_NOT_FOUND = "Pregunta no encontrada";
export const ANSWER_NOT_FOUND = "Respuesta no encontrada";
export const MODULE_NOT_FOUND = "Módulo no encontrado";
export const QUESTIONS_FORBIDDEN =
  "Las preguntas de este curso son para sus estudiantes y su equipo docente. Inscríbete en el curso para verlas.";
export const ASK_FORBIDDEN = "Solo las personas inscritas en el curso pueden hacer preguntas.";
export const ANSWER_FORBIDDEN = "Solo el equipo docente del curso responde las preguntas.";
export const MODERATE_FORBIDDEN = "Solo el equipo docente del curso puede marcar, ocultar o eliminar preguntas.";
export const ALREADY_ANSWERED =
  "Esta pregunta ya tiene respuesta: ya no se puede editar ni eliminar. Si necesitas algo más, haz otra pregunta.";
export const NOT_YOUR_QUESTION = "Solo quien hizo la pregunta puede editarla.";
export const ASKING_TOO_FAST =
  "Hiciste muchas preguntas seguidas. Espera un momento y vuelve a intentarlo; quizá tu duda ya tiene respuesta.";
export const ANSWERING_TOO_FAST = "Respondiste muchas preguntas seguidas. Espera un momento y vuelve a intentarlo.";

// The forms.
export const QUESTION_MAX = 2000;
export const ANSWER_MAX = 5000;
export const QUESTION_REQUIRED = "Escribe tu pregunta.";
export const QUESTION_TOO_LONG = `La pregunta admite hasta ${QUESTION_MAX} caracteres.`;
export const ANSWER_REQUIRED = "Escribe la respuesta.";
export const ANSWER_TOO_LONG = `La respuesta admite hasta ${ANSWER_MAX} caracteres.`;
export const STATE_REQUIRED = "Indica resuelta u oculta (true o false).";
export const QUESTION_DELETED = "Pregunta eliminada.";
export const ANSWER_DELETED = "Respuesta eliminada.";
export const FILTERS = ["todas", "sin-responder", "resueltas"] as const;
export type QuestionFilter = (typeof FILTERS)[number];

/** Who signed a question: its author, or nobody once the author's account is gone. */
export const askerLine = (autor: string | null) => autor ?? "Cuenta eliminada";
/** Who signed an answer: its author, or the team once the author's account is gone. */
export const answererLine = (autor: string | null) => autor ?? "Equipo docente";
