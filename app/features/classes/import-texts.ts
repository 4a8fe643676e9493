// 'Importar lista' of a class (docs/product.md#importing-a-list-into-a-class): the words of the page,
// the API and the printed 'Hoja de accesos'. The list's own reasons (a bad e-mail, a RUT's check
// digit…) are the admin importer's (users/import/texts.ts). Free of Zod: the page imports them.

/** The class page's link to this page (…/clases/{claseId}/importar). */
export const IMPORT_LINK_LABEL = "Importar lista";

export const IMPORT_TITLE = "Importar lista";
export const IMPORT_INTRO =
  "Una persona por línea: correo; nombre; apellido y, si quieres, rut; fecha de nacimiento (dd-mm-aaaa). " +
  "Puedes pegar celdas copiadas de una planilla o subir la planilla guardada como csv, con o sin encabezados. " +
  "Quien no tiene correo puede ir con el correo vacío: se le crea una cuenta con un usuario para entrar " +
  "y te damos una hoja de accesos para imprimir. " +
  "A quien ya tiene cuenta en la academia le llega una invitación, y entra a la clase cuando la acepta. " +
  "Primero verás qué pasará con cada fila; nada se guarda hasta que confirmes.";

// What each row will become (the preview's 'Resultado'): words true whether or not the person
// already has an account (docs/decisions/032-class-invitations.md).
export const STATE_ADD = "Se creará la cuenta o se invitará a la persona";
export const STATE_ADD_NO_EMAIL = "Se creará una cuenta sin correo (hoja de accesos)";
export const STATE_ADD_NO_EMAIL_RUT =
  "Se creará una cuenta sin correo (hoja de accesos) o se invitará a quien tenga ese RUT";
export const STATE_MEMBER = "Ya está en la clase";

// The rows refused (each shown as 'error: motivo (línea N)'): for what the row or the course says.
export const ROW_NO_EMAIL_UNKNOWN =
  "un usuario sin correo solo se lista si ya está en esta clase: deja el correo vacío para crear " +
  "una cuenta nueva, o comparte el código de la clase";
export const ROW_COURSE_DRAFT = "el curso aún no está publicado: solo su equipo docente puede entrar";
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

// The printed sheet and the new links.
/** A learner's link from the printed sheet lives a month (a school term's first weeks). */
export const ACCESS_LINK_DAYS = 30;
export const SHEET_TITLE = "Hoja de accesos";
export const SHEET_INTRO = (days: number) =>
  `Entrega a cada estudiante su recuadro. Con su enlace elige su contraseña (vale ${days} días y sirve una ` +
  "sola vez); después entra con su usuario y esa contraseña.";
export const SHEET_ONCE =
  "Esta hoja se muestra solo ahora: los enlaces no se guardan. Imprímela o guárdala antes de salir de la " +
  "página. Si se pierde, genera enlaces nuevos (los anteriores dejan de servir).";
export const SHEET_USER = "Tu usuario para entrar";
export const SHEET_LINK = "Tu enlace para elegir tu contraseña";
export const SHEET_PRINT = "Imprimir";
export const SHEET_EXPIRES = (date: string) => `Los enlaces vencen el ${date}.`;
export const REISSUE_TITLE = "Estudiantes sin correo";
export const REISSUE_INTRO =
  "Si alguien de esta clase sin correo perdió su enlace o le venció antes de elegir su contraseña, genera " +
  "enlaces nuevos: los anteriores dejan de servir.";
export const REISSUE_BUTTON = "Generar nuevos enlaces de acceso";
export const REISSUE_NONE = "No hay estudiantes sin correo en esta clase que aún deban elegir su contraseña.";
export const REISSUE_DONE = (n: number) =>
  n === 1 ? "Se generó 1 enlace nuevo." : `Se generaron ${n} enlaces nuevos.`;
