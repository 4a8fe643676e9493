// User-visible messages of the admin reports (docs/product.md#reportes); no server imports.
export const REPORT_FAILED = "Error al cargar el reporte";
export const GRADEBOOK_FAILED = "Error al cargar las calificaciones";
export const NO_QUIZZES = "Este curso no tiene evaluaciones: no hay notas que mostrar.";
/** How the gradebook's Nota is read, with the course's exigencia. */
export const notaScale = (exigencia: number) =>
  `Nota de 1,0 a 7,0 con exigencia del ${exigencia}%: un ${exigencia}% es un 4,0.`;
export const NOTA_FINAL_RULE =
  "La nota final es el promedio de las notas de los módulos; un módulo sin intentos cuenta como 1,0.";
