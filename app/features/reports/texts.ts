// User-visible messages of the admin reports (docs/product.md#reportes); no server imports.
export const REPORT_FAILED = "Error al cargar el reporte";
export const GRADEBOOK_FAILED = "Error al cargar las calificaciones";
export const NO_QUIZZES = "Este curso no tiene evaluaciones: no hay notas que mostrar.";
