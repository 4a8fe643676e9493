// 'Importar lista' of a class (docs/product.md#importing-a-list-into-a-class): the words of the page,
// the API and the printed 'Hoja de accesos'. The list's own reasons (a bad e-mail, a RUT's check
// digit…) are the admin importer's (users/import/texts.ts). Free of Zod: the page imports them.

/** The class page's link to this page (classLinks(…).import). */
export const IMPORT_LINK_LABEL = "Importar lista";

export const IMPORT_TITLE = "Importar lista";
export const IMPORT_INTRO =
  "Una persona por línea: correo; nombre; apellido y, si quieres, rut; fecha de nacimiento (dd-mm-aaaa). " +
  "Puedes pegar celdas copiadas de una planilla o subir la planilla guardada como csv, con o sin encabezados. " +
  "Quien no tiene correo puede ir con el correo vacío: se le crea una cuenta con un usuario para entrar " +
  "y te damos una hoja de accesos para imprimir. " +
  "Primero verás qué pasará con cada fila; nada se guarda hasta que confirmes.";

// What each row will become (the preview's 'Resultado').
export const STATE_NEW = "Cuenta nueva";
export const STATE_NEW_NO_EMAIL = "Cuenta nueva sin correo (hoja de accesos)";
export const STATE_ENROL = "Ya tiene cuenta: se inscribe";
export const STATE_MEMBER = "Ya está en la clase";

// The rows refused against the academy's accounts (each shown as 'error: motivo (línea N)').
export const ROW_ACCOUNT_SUSPENDED = "la cuenta de este correo está suspendida: pide ayuda a un administrador";
export const ROW_ACCOUNT_PENDING = "la cuenta de este correo espera la aprobación de un administrador";
export const ROW_EMAIL_RUT_APART = "el correo y el RUT son de cuentas distintas";
export const ROW_NO_EMAIL_UNKNOWN =
  "ese usuario sin correo no existe: deja el correo vacío para crear una cuenta nueva";
export const ROW_SAME_ACCOUNT = (line: number) => `es la misma cuenta de la línea ${line}`;
export const ROW_COURSE_DRAFT = "el curso aún no está publicado: solo su equipo docente puede entrar";
export const ROW_AUDIENCE = (audience: string) =>
  `el curso está dirigido a quienes tienen el rol ${audience} y esta cuenta no lo tiene`;
export const ROW_AUDIENCE_NEW = (audience: string) =>
  `el curso está dirigido a quienes tienen el rol ${audience}: una cuenta nueva de una clase es de estudiante`;

// The whole list.
export const CLASS_IMPORT_NOTHING = "No hay nada que hacer: todas las filas ya están en la clase.";
export const CLASS_IMPORT_HAS_ERRORS = (n: number) =>
  `La lista tiene ${n === 1 ? "una fila con error" : `${n} filas con errores`}: ` +
  "corrígela y revísala de nuevo. No se guardó nada.";
export const CLASS_IMPORT_DONE = (d: { creadas: number; inscritas: number; yaEstaban: number }) =>
  [
    d.creadas === 1 ? "Se creó 1 cuenta" : `Se crearon ${d.creadas} cuentas`,
    d.inscritas === 1
      ? "1 cuenta que ya existía se inscribió"
      : `${d.inscritas} cuentas que ya existían se inscribieron`,
    d.yaEstaban === 1 ? "1 persona ya estaba en la clase" : `${d.yaEstaban} personas ya estaban en la clase`,
  ].join("; ") + ". Quien tiene correo recibirá un correo para crear su contraseña.";

export const PREVIEW_SUMMARY = (r: { nuevas: number; inscribir: number; miembros: number; errores: number }) =>
  `${r.nuevas} ${r.nuevas === 1 ? "cuenta nueva" : "cuentas nuevas"}, ` +
  `${r.inscribir} ${r.inscribir === 1 ? "cuenta que ya existe se inscribe" : "cuentas que ya existen se inscriben"}, ` +
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
