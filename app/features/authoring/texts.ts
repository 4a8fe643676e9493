// User-visible messages of course authoring (docs/product.md#course-editor and
// #texts-course-administration). No server or Zod imports: components use them.
import { EXIGENCIA_MAX, EXIGENCIA_MIN } from "~/features/quizzes/nota.ts";

export const DURATION_INVALID = "Por favor ingresa una duración válida.";
export const IMAGE_REQUIRED = "La imagen del curso es obligatoria.";
export const TITLE_REQUIRED = "El título del curso es obligatorio.";
export const DATES_ORDER = "La fecha de inicio no puede ser mayor que la fecha de término.";
export const DATE_INVALID = "Ingresa una fecha válida.";
export const DUE_DATE_INVALID = "Ingresa una fecha y hora válidas (hora de Chile), por ejemplo 2026-12-05T23:59.";
export const AUDIENCE_INVALID = "Elige a quién está dirigido el curso.";
export const VISIBILITY_INVALID = "Elige si el curso es público o privado.";
/** A course's visibility changes with an admin (docs/decisions/039-private-courses.md). */
export const VISIBILITY_ADMIN_ONLY =
  "Solo un administrador cambia la visibilidad de un curso. Para llevarlo al catálogo, envíalo a revisión.";
export const EXIGENCIA_INVALID =
  `Ingresa una exigencia entre ${EXIGENCIA_MIN} y ${EXIGENCIA_MAX}` + " (un porcentaje entero).";
/** The exigencia is the pass mark every attempt was graded against (docs/decisions/043-one-pass-mark.md). */
export const EXIGENCIA_LOCKED =
  "La exigencia ya no se puede cambiar: hay intentos rendidos con ella y cambiarla cambiaría quién aprobó.";

/** A module's attempt limit (docs/product.md#grading): 1 to ATTEMPTS_MAX, empty for unlimited. */
export const ATTEMPTS_MAX = 100;
export const ATTEMPTS_INVALID =
  `Ingresa un número de intentos entre 1 y ${ATTEMPTS_MAX}` + ", o déjalo vacío para intentos ilimitados.";

/** A served attempt's settings (docs/decisions/045-served-attempts.md). */
export const MAX_MODULE_QUESTIONS = 100;
export const TIME_LIMIT_MAX = 300;
export const SHUFFLE_INVALID = "Elige si las preguntas y opciones se barajan.";
export const DRAW_INVALID =
  "Ingresa cuántas preguntas se eligen en cada intento, entre 1 y el número de preguntas del módulo, " +
  "o déjalo vacío para hacerlas todas.";
export const TIME_LIMIT_INVALID =
  `Ingresa un tiempo límite entre 1 y ${TIME_LIMIT_MAX} minutos` + ", o déjalo vacío para no tener límite.";

/** A module's review (docs/product.md#grading). */
export const REVIEW_INVALID = "Elige qué ve quien rinde la evaluación y cuándo.";

export const LOAD_FAILED = "Error cargando curso";
export { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
export const MISSING_ID = "Error: ID de curso no proporcionado.";
export const UNAUTHORIZED_AGAIN = "No autorizado. Por favor inicia sesión de nuevo.";
export const UPDATE_FAILED = "Error al actualizar el curso. Intenta nuevamente.";
export const UPDATED = "Curso actualizado con éxito";
/**
 * PUT /api/cursos/{cursoId} without some of the course's fields: a PUT replaces the course, so it
 * sends them all (empty or null to leave one blank); PATCH changes only the fields sent.
 */
export const FIELDS_MISSING = (fields: readonly string[]) =>
  (fields.length === 1 ? `Falta el campo ${fields[0]}` : `Faltan los campos ${fields.join(", ")}`) +
  ": PUT reemplaza el curso entero (envía un campo vacío o null para dejarlo en blanco); " +
  "para cambiar solo algunos campos, usa PATCH.";

export const MODULE_TITLE_REQUIRED = "El título del módulo es obligatorio.";
export const MODULE_NOT_FOUND = "El módulo ya no existe.";
export const CONFIRM_DELETE_MODULE = "¿Eliminar módulo?";
export const FILES_REQUIRED = "Selecciona al menos un archivo PDF.";
export const FILE_NOT_FOUND = "El archivo ya no existe.";
export const LINK_NOT_FOUND = "El enlace ya no existe.";
export const LINK_NAME_REQUIRED = "Escribe el nombre del enlace.";
export const LINK_URL_INVALID = "Ingresa una URL válida que empiece con http:// o https://.";

export const QUESTION_TEXT_REQUIRED = "Escribe el texto de la pregunta.";
export const OPTIONS_REQUIRED = "Completa el texto de todas las opciones.";
export const ONE_CORRECT = "Marca exactamente una opción correcta.";
export const MIN_OPTIONS = "Una pregunta necesita al menos 2 opciones.";
export const MAX_OPTIONS = "Una pregunta puede tener como máximo 10 opciones.";
export const QUESTION_NOT_FOUND = "La pregunta ya no existe.";
/** Kinds of question (docs/decisions/046-kinds-of-question.md). */
export const TIPO_INVALID = "Elige un tipo de pregunta válido.";
export const SOME_CORRECT = "Marca al menos una opción correcta.";
export const TRUE_OR_FALSE = "Marca si la afirmación es verdadera o falsa.";
export const ANSWERS_REQUIRED = "Escribe al menos una respuesta aceptada.";
export const VALUE_INVALID = "Ingresa el valor correcto como número, por ejemplo 3,14 (hasta 15 cifras).";
export const TOLERANCE_INVALID = "Ingresa una tolerancia de 0 o más, por ejemplo 0,01, o déjala vacía.";
/** The editor's select, in the order TIPOS lists them. */
export const TIPO_LABELS = {
  unica: "Una respuesta correcta",
  multiple: "Varias respuestas correctas",
  verdadero_falso: "Verdadero o falso",
  respuesta_corta: "Respuesta corta",
  numerica: "Numérica",
} as const;
/** A 'verdadero_falso' question's two options, in this order. */
export const TRUE_FALSE = ["Verdadero", "Falso"] as const;

export const INVALID_JSON = (field: string) => `El campo ${field} debe ser una lista JSON válida.`;

export const MIN_QUESTION_OPTIONS = 2;
export const MAX_QUESTION_OPTIONS = 10;
