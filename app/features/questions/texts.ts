// The module questions' own words ('Preguntas', docs/product.md#module-questions), one place for
// the pages, the API and the tests. Free of Zod and Prisma, so pages can import them.
export const QUESTIONS_TITLE = "Preguntas";
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
export const QUESTION_LABEL = "Tu pregunta";
export const ANSWER_LABEL = "Tu respuesta";
export const QUESTION_MAX = 2000;
export const ANSWER_MAX = 5000;
export const QUESTION_REQUIRED = "Escribe tu pregunta.";
export const QUESTION_TOO_LONG = `La pregunta admite hasta ${QUESTION_MAX} caracteres.`;
export const ANSWER_REQUIRED = "Escribe la respuesta.";
export const ANSWER_TOO_LONG = `La respuesta admite hasta ${ANSWER_MAX} caracteres.`;
export const STATE_REQUIRED = "Indica resuelta u oculta (true o false).";

// What happened.
export const QUESTION_ASKED = "Pregunta enviada. El equipo docente del curso la verá y te avisaremos cuando responda.";
export const QUESTION_UPDATED = "Pregunta guardada.";
export const QUESTION_DELETED = "Pregunta eliminada.";
export const ANSWER_POSTED = "Respuesta publicada. Avisamos a quien hizo la pregunta.";
export const MARKED_RESOLVED = "Pregunta marcada como resuelta.";
export const MARKED_OPEN = "Pregunta marcada como no resuelta.";
export const HIDDEN = "Pregunta oculta: solo la ven el equipo docente y quien la hizo.";
export const SHOWN = "Pregunta visible otra vez para todo el curso.";
export const ANSWER_DELETED = "Respuesta eliminada.";
export const ANSWER_DELETE_CONFIRM =
  "La respuesta deja de verse para todo el curso; si era la única, la pregunta vuelve a quedar sin responder. " +
  "No se puede deshacer.";
export const QUESTION_DELETE_CONFIRM =
  "La pregunta y sus respuestas dejan de verse para todo el curso. No se puede deshacer.";

// The lists.
export const LEARNER_INTRO =
  "Pregunta lo que no te quedó claro del módulo. El equipo docente responde y todo el curso ve las preguntas y " +
  "sus respuestas.";
export const TEAM_INTRO =
  "Responde las preguntas del módulo; quien preguntó recibe un aviso. Todo el curso ve las preguntas y sus respuestas.";
export const FILTERS = ["todas", "sin-responder", "resueltas"] as const;
export type QuestionFilter = (typeof FILTERS)[number];
export const FILTER_LABEL: Record<QuestionFilter, string> = {
  todas: "Más recientes",
  "sin-responder": "Sin responder",
  resueltas: "Resueltas",
};
export const NO_QUESTIONS: Record<QuestionFilter, string> = {
  todas: "Este módulo aún no tiene preguntas.",
  "sin-responder": "No hay preguntas sin responder.",
  resueltas: "No hay preguntas resueltas.",
};
export const NO_COURSE_UNANSWERED = "No hay preguntas sin responder en este curso.";
export const COURSE_UNANSWERED_TITLE = "Preguntas sin responder";
export const MODULE_LINK = "Preguntas del módulo";
export const UNANSWERED_BADGE = "Sin responder";
export const RESOLVED_BADGE = "Resuelta";
export const HIDDEN_BADGE = "Oculta";
export const EDITED = "editada";
const TEAM_AUTHOR = "Equipo docente";
const GONE_AUTHOR = "Cuenta eliminada";

/** Who signed a question: its author, or nobody once the author's account is gone. */
export const askerLine = (autor: string | null) => autor ?? GONE_AUTHOR;
/** Who signed an answer: its author, or the team once the author's account is gone. */
export const answererLine = (autor: string | null) => autor ?? TEAM_AUTHOR;
