// The importer's words shared by pages, API documents and both imports; free of Zod for the page.
export const LIST_EMPTY = "La lista está vacía: pega las filas o sube un archivo CSV.";
export const LIST_NOT_TEXT =
  "El archivo no es una planilla Excel (.xlsx) ni un texto CSV: guárdalo desde la planilla como «.xlsx» o «CSV».";
export const XLSX_UNREADABLE =
  "No pudimos leer el archivo Excel: ábrelo en la planilla y guárdalo de nuevo como «.xlsx» o como «CSV».";
export const XLSX_TOO_LARGE =
  "El archivo Excel tiene demasiados datos para una lista: deja solo la hoja de la lista o guárdala como «CSV».";
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
