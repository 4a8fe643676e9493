// The library's messages (docs/product.md#texts-library), shared by pages and API.
export const LOAD_FAILED = "Error al cargar los libros";
export const NO_PDF = "No hay archivo PDF disponible para este libro.";
export const DOWNLOAD_FAILED = "Error descargando el archivo.";
export const BOOK_CREATED = "Libro creado correctamente.";
export const UPLOAD_FAILED = "Error al subir el libro.";
export const PDF_REQUIRED = "Por favor, selecciona un archivo PDF.";
/** The PDF was fine but another field was not: browsers never keep a chosen file after a refusal. */
export const PDF_CHOOSE_AGAIN =
  "Vuelve a elegir el PDF: el navegador no lo conserva cuando el formulario tiene errores.";
export { PDF_ONLY } from "~/lib/file-types.ts";
export const PDF_UNREADABLE = "No se pudo leer el PDF: indica el número de páginas.";
export const DELETE_FAILED = "Hubo un error al eliminar el libro.";
export const BOOK_NOT_FOUND = "Libro no encontrado.";
/** Editing a book: not in the original product, so not quoted by docs/product.md's texts. */
export const BOOK_UPDATED = "Libro actualizado correctamente.";
export const UPDATE_FAILED = "Error al actualizar el libro.";
export const bookDeleted = (title: string) => `Libro "${title}" eliminado correctamente.`;

/** The file field of the upload form and of POST /api/books/upload. */
export const PDF_FIELD = "pdf";
/** The preview's pages on a phone could not be drawn (a damaged or too heavy PDF). */
export const PAGES_FAILED = "No pudimos mostrar las páginas de este libro. Puedes abrir o descargar el PDF.";
