// Texts of the enrolled-course list (docs/product.md#enrolled-courses), shared by the pages, the API and the tests.
/** Said when leaving a finished course: certificates are permanent records. */
export const UNENROL_KEEPS_CERTIFICATE =
  "Tu certificado se conserva: seguirá en «Mis certificados» y su enlace de verificación seguirá funcionando.";
export const UNENROL_OK = "Curso eliminado de tu lista.";
export const UNENROL_FAILED = "Error al eliminar el curso.";
export const NOT_ENROLLED = "No te has inscrito en este curso.";
export const unenrolFailedWith = (statusText: string) => `Error al eliminar curso: ${statusText}`;
/** A class of a public course not yet published cannot be joined (docs/decisions/022; a private one can). */
export const CLASS_COURSE_NOT_OPEN =
  "Esta clase es de un curso que aún no está publicado. Pídele a tu profesor/a que te avise cuando lo esté.";
