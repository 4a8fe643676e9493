// 'Importar lista' of a class: the words of the page and the API (the rows' own reasons are the
// admin importer's). Free of Zod: the page imports them.

/** The class page's link to this page (…/clases/{claseId}/importar). */
export const IMPORT_LINK_LABEL = "Importar lista";

// The rows refused (each shown as 'error: motivo (línea N)'): for what the row or the course says.
export const ROW_NO_EMAIL_UNKNOWN =
  "un usuario sin correo solo se lista si ya está en esta clase: deja el correo vacío para crear " +
  "una cuenta nueva, o comparte el código de la clase";
export const ROW_AUDIENCE_NEW = (audience: string) =>
  `el curso está dirigido a quienes tienen el rol ${audience} y una lista agrega estudiantes: ` +
  "comparte el código de la clase";

// The whole list.
export const CLASS_IMPORT_NOTHING = "No hay nada que hacer: todas las filas ya están en la clase.";
export const CLASS_IMPORT_HAS_ERRORS = (n: number) =>
  `La lista tiene ${n === 1 ? "una fila con error" : `${n} filas con errores`}: ` +
  "corrígela y revísala de nuevo. No se guardó nada.";
export const CLASS_IMPORT_TOO_LONG = (max: number) =>
  `La lista tiene más de ${max.toLocaleString("es-CL")} filas: divídela en partes y revisa cada una.`;
export const CLASS_IMPORT_TOO_MANY_ROWS = (max: number) =>
  `Puedes revisar hasta ${max.toLocaleString("es-CL")} filas de listas por hora. ` +
  "Espera unos minutos e inténtalo nuevamente.";
export const CLASS_IMPORT_DONE = (d: { agregadas: number; yaEstaban: number }) =>
  `Listo: ${d.agregadas === 1 ? "1 persona de la lista" : `${d.agregadas} personas de la lista`}` +
  (d.yaEstaban > 0 ? ` (${d.yaEstaban === 1 ? "1 ya estaba" : `${d.yaEstaban} ya estaban`} en la clase)` : "") +
  ". Las cuentas nuevas ya están en la clase y, con correo, reciben uno para crear su contraseña; " +
  "quien ya tenía cuenta recibe una invitación y entra a la clase al aceptarla.";

export const PREVIEW_SUMMARY = (r: { agregar: number; miembros: number; errores: number }) =>
  `${r.agregar} ${r.agregar === 1 ? "persona por agregar" : "personas por agregar"} ` +
  "(cuenta nueva o invitación), " +
  `${r.miembros} ya ${r.miembros === 1 ? "está" : "están"} en la clase, ` +
  `${r.errores} ${r.errores === 1 ? "fila con error" : "filas con errores"}.`;
