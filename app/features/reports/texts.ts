// User-visible messages of the admin reports (docs/product.md#reportes); no server imports.
export const REPORT_FAILED = "Error al cargar el reporte";
export const GRADEBOOK_FAILED = "Error al cargar las calificaciones";
export const NO_QUIZZES = "Este curso no tiene evaluaciones: no hay notas que mostrar.";
/** How the gradebook's Nota is read, with the course's exigencia. */
export const notaScale = (exigencia: number) =>
  `Nota de 1,0 a 7,0 con exigencia del ${exigencia}%: un ${exigencia}% es un 4,0.`;
/** The final nota's rule when the gradebook has weights (decision 044). */
export const weightedRule = (evaluaciones: number) =>
  `La nota final pondera el promedio de los módulos en ${evaluaciones}% y el de las columnas de notas en ` +
  `${100 - evaluaciones}%.`;
export const NOTA_FINAL_RULE =
  "La nota final es el promedio de las notas de los módulos y de las columnas con nota; " +
  "un módulo sin intentos cuenta como 1,0.";

// Manual columns of the gradebook (docs/decisions/044-manual-grade-columns.md).
export const COLUMN_NAME_REQUIRED = "Escribe el nombre de la columna.";
export const COLUMN_NAME_TOO_LONG = "El nombre de la columna puede tener hasta 60 caracteres.";
export const COLUMN_NAME_TAKEN = "Ya hay una columna con ese nombre en el curso.";
export const COLUMN_NOT_FOUND = "La columna no existe o es de otro curso.";
export const COLUMN_IS_TAREA =
  "Esta columna es de una tarea: sus notas se ponen al devolver cada entrega, no en el libro de calificaciones.";
export const COLUMN_OF_TAREA = "Esta columna es de una tarea: se renombra o elimina con la tarea.";
export const NOTA_INVALID = "Escribe una nota de 1,0 a 7,0, con un decimal como máximo (ej.: 5,5).";
export const COMMENT_TOO_LONG = "El comentario puede tener hasta 500 caracteres.";
export const LEARNER_NOT_ENROLLED = "Esa persona no está inscrita en este curso.";
export const COLUMN_DELETED = "Columna eliminada, con sus notas.";
export const WEIGHT_INVALID = "Escribe un porcentaje entero de 0 a 100, o déjalo vacío para el promedio simple.";

// Importing a column's notas from a CSV (docs/decisions/047-gradebook-import-order-filter.md).
export const IMPORT_EMPTY = "El archivo está vacío: sube un CSV con una fila de encabezados y una fila por persona.";
export const IMPORT_NO_FILE = "Elige el archivo CSV con las notas.";
export const IMPORT_NOT_TEXT = "El archivo no es un texto CSV: guárdalo desde la planilla como «CSV».";
export const IMPORT_NO_ID_COLUMN =
  "La fila de encabezados no tiene la columna «Correo» (o «Usuario» o «RUT») que dice de quién es cada nota.";
export const importNoNotaColumn = (columna: string) =>
  `La fila de encabezados no tiene la columna «Nota» (o «${columna} - Nota»).`;
export const IMPORT_HAS_ERRORS = (n: number) =>
  `El archivo tiene ${n === 1 ? "una fila con error" : `${n} filas con errores`}: corrígelo y revísalo de nuevo. ` +
  "No se guardó ninguna nota.";
export const IMPORT_NOTHING = "No hay notas que guardar: ninguna fila cambia una nota del curso.";
export const importDone = (n: number) =>
  `${n === 1 ? "Se guardó 1 nota" : `Se guardaron ${n} notas`} desde el archivo.`;
export const ROW_NO_ID = "falta el correo, usuario o RUT";
export const ROW_NOT_PARTICIPANT = "no es participante del curso: no se escribe";
export const rowNotaInvalid = (nota: string) =>
  `la nota «${nota.slice(0, 20)}» no es válida: escribe de 1,0 a 7,0, con un decimal como máximo`;
export const rowRepeated = (line: number) => `la persona se repite: ya está en la línea ${line}`;
