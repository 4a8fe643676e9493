// The due dates' words (docs/product.md#due-dates): one place for the pages, the e-mail and the tests.
export const UPCOMING_DAYS = 14;
export const CALENDAR_TITLE = "Calendario de fechas límite";
export const CALENDAR_CREATE = "Crear mi enlace";
export const CALENDAR_RENEW = "Generar otro enlace";
export const CALENDAR_HOWTO =
  "Copia este enlace y agrégalo en tu calendario: en el calendario de Google, elige agregar otro calendario " +
  "desde una URL y pega el enlace; en un teléfono, toca 'Abrir en mi calendario' o agrégalo como calendario " +
  "suscrito. Tu calendario lo revisa cada cierto tiempo y muestra las fechas límite de tus cursos.";
export const CALENDAR_SECRET =
  "El enlace es privado: quien lo tenga ve tus fechas límite. Si lo compartiste por error, genera otro; " +
  "el anterior deja de funcionar.";
export const CALENDAR_SHOWN_ONCE = "Guárdalo ahora: por seguridad no lo volvemos a mostrar.";
export const CALENDAR_ACTIVE = (since: string) =>
  `Tienes un enlace activo desde el ${since}. Por seguridad no lo volvemos a mostrar; si lo perdiste, genera otro.`;
export const CALENDAR_NONE = "Aún no tienes un enlace de calendario.";
export const CALENDAR_NAME = "Fechas límite";

/**
 * The reminder (docs/product.md#due-dates): a notification of the kind 'recordatorio', which is
 * also its e-mail's subject and body when the learner gets it by e-mail.
 */
export function reminderNotice(m: { modulo: string; curso: string; fecha: string }) {
  return {
    title: `Recordatorio: «${m.modulo}» vence el ${m.fecha}`,
    text:
      `El módulo «${m.modulo}» del curso «${m.curso}» tiene fecha límite el ${m.fecha} (hora de Chile) ` +
      "y aún no apruebas su evaluación.",
  };
}
