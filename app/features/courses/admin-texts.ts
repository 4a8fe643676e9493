// User-visible messages of course administration (docs/product.md#texts-course-administration); no server imports.
export const PUBLISH_FAILED = "Error al publicar curso";
export const DELETE_COURSE_FAILED = "Error al eliminar curso";
/** The course-deletion dialog: what goes, and what stays (certificates are permanent records). */
export const DELETE_COURSE_EFFECTS =
  "Se eliminarán el curso, sus módulos, materiales, evaluaciones e inscripciones. Esta acción no se puede deshacer.";
export const DELETE_COURSE_KEEPS_CERTIFICATES =
  "Los certificados ya emitidos se conservan y siguen siendo verificables.";
