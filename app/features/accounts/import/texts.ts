// The importer's words (docs/product.md#importar-usuarios): the reasons a row is refused and the
// page's messages. Free of Zod so that the page can import them.

// The file as a whole.
export const LIST_EMPTY = "La lista está vacía: pega las filas o sube un archivo CSV.";
export const LIST_TOO_LARGE = (maxRows: number) =>
  `La lista tiene más de ${maxRows.toLocaleString("es-CL")} filas: divídela en varias importaciones.`;
export const LIST_NOT_TEXT = "El archivo no es un texto CSV: guárdalo desde la planilla como «CSV».";
export const HEADER_MISSING = (columns: string) =>
  `La fila de encabezados no tiene la columna ${columns}. ` +
  "Usa correo, nombre y apellido (y, si quieres, rut y fecha de nacimiento).";
export const HEADER_REPEATED = (column: string) => `La fila de encabezados repite la columna ${column}.`;

// One row (each shown as 'error: motivo (línea N)').
export const ROW_COLUMNS = (found: number) =>
  `tiene ${found} ${found === 1 ? "columna" : "columnas"}; ` +
  "se esperan de 3 a 5 (correo; nombre; apellido; rut; fecha de nacimiento)";
export const ROW_UNCLOSED_QUOTE = "las comillas de un campo no se cierran";
export const ROW_EMAIL_MISSING = "falta el correo";
export const ROW_EMAIL_INVALID = (value: string) => `el correo «${value}» no es válido`;
export const ROW_NAME_MISSING = "falta el nombre";
export const ROW_SURNAME_MISSING = "falta el apellido";
export const ROW_TEXT_INVALID = (field: string) =>
  `${field}: el texto es demasiado largo o tiene caracteres no permitidos`;
export const ROW_RUT_INVALID = (value: string) => `el RUT «${value}» no es válido (revisa el dígito verificador)`;
export const ROW_DATE_UNKNOWN = (value: string) =>
  `la fecha de nacimiento «${value}» no se entiende (usa dd-mm-aaaa, dd/mm/aaaa o aaaa-mm-dd)`;
export const ROW_DATE_INVALID = (value: string) => `la fecha de nacimiento «${value}» no es válida`;
export const ROW_DUPLICATE_EMAIL = (line: number) => `el correo se repite: ya está en la línea ${line}`;
export const ROW_DUPLICATE_RUT = (line: number) => `el RUT se repite: ya está en la línea ${line}`;

// Against the academy's accounts (the preview and the confirmation).
export const ROW_RUT_TAKEN = "el RUT ya pertenece a otra cuenta";
export const ROW_NO_MAILBOX = "ese correo no existe: es de una cuenta sin correo, que solo crea la lista de una clase";
export const ROW_UNDER_14 =
  "tiene menos de 14 años: marca que el colegio reunió la autorización de su madre, padre o tutor";
export const IMPORT_HAS_ERRORS = (n: number) =>
  `La lista tiene ${n === 1 ? "una fila con error" : `${n} filas con errores`}: ` +
  "corrígela y revísala de nuevo. No se creó ninguna cuenta.";
export const IMPORT_CHANGED = "La lista cambió desde la revisión: revisa la vista previa de nuevo antes de confirmar.";
export const IMPORT_NOTHING_NEW = "No hay cuentas nuevas que crear: todas las filas ya tienen cuenta.";
export const IMPORT_DONE = (created: number, existing: number) =>
  `${created === 1 ? "Se creó 1 cuenta" : `Se crearon ${created} cuentas`}` +
  (existing > 0 ? ` y ${existing === 1 ? "1 ya existía" : `${existing} ya existían`} (se dejaron como estaban)` : "") +
  ". Cada persona nueva recibirá un correo para crear su contraseña.";
export const LIST_EMPTY_FIELDS = "Pega la lista en el cuadro o elige un archivo CSV.";
export const IMPORT_ROLE_INVALID = "Elige el rol de las cuentas nuevas: estudiante, docente o comunidad.";

/** The upload's field name (the page's file input and the API's multipart body). */
export const LIST_FILE_FIELD = "archivo";
