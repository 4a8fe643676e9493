// A class at a glance, 'Escribir a la clase' and 'Notas de la clase' (decision 024): their words and
// fixed lists. No server imports: the pages use them in the browser too.

/** What a teacher acts on, as the API names it (`marcas`) and the page's filter (`?marca=`). */
export const PROGRESS_FLAGS = ["sin-comenzar", "atascado", "inactivo", "finalizado"] as const;
export type ProgressFlag = (typeof PROGRESS_FLAGS)[number];

export const FLAG_LABELS: Record<ProgressFlag, string> = {
  "sin-comenzar": "Sin comenzar",
  atascado: "Atascado",
  inactivo: "Inactivo",
  finalizado: "Finalizado",
};

/** What each flag means, under the filter (the page's legend). */
export const FLAG_RULES: Record<ProgressFlag, string> = {
  "sin-comenzar": "Sin intentos y sin progreso.",
  atascado: "Reprobó un módulo dos veces o más y aún no lo aprueba.",
  inactivo: "Sin actividad en los últimos 14 días (y sin terminar el curso).",
  finalizado: "Aprobó todos los módulos con evaluación.",
};

/** 'Última actividad' of a learner who has done nothing in the course since being enrolled. */
export const NO_ACTIVITY = "Sin actividad";

/** Days without activity that make a learner 'Inactivo'. */
export const INACTIVE_DAYS = 14;

/** The orders of the list (`?orden=`), each with its default direction (`?dir=`). */
export const PROGRESS_ORDERS = ["nombre", "progreso", "actividad"] as const;
export type ProgressOrder = (typeof PROGRESS_ORDERS)[number];
export const PROGRESS_DIRECTIONS = ["asc", "desc"] as const;
export type ProgressDirection = (typeof PROGRESS_DIRECTIONS)[number];

export const ORDER_LABELS: Record<ProgressOrder, string> = {
  nombre: "Nombre",
  progreso: "Progreso",
  actividad: "Última actividad",
};
export const DIRECTION_LABELS: Record<ProgressDirection, string> = { asc: "Ascendente", desc: "Descendente" };
export const DEFAULT_DIRECTION: Record<ProgressOrder, ProgressDirection> = {
  nombre: "asc",
  progreso: "desc",
  actividad: "desc",
};

export const PROGRESS_TITLE = "Progreso de la clase";
export const PROGRESS_FAILED = "Error al cargar el progreso de la clase";

/** 'Escribir a la clase'. */
export const WRITE_TITLE = "Escribir a la clase";
export const WRITE_FAILED = "No se pudo enviar el mensaje a la clase. Inténtalo nuevamente.";
/** The confirmation: how many received it. */
export const writeSent = (n: number) =>
  n === 1 ? "Mensaje enviado a 1 estudiante de la clase." : `Mensaje enviado a ${n} estudiantes de la clase.`;
