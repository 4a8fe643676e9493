// The library's messages (SPEC §5 "Book upload", §8 "Library"), shared by pages and API.
export const LOAD_FAILED = "Error al cargar los libros";
export const NO_PDF = "No hay archivo PDF disponible para este libro.";
export const DOWNLOAD_FAILED = "Error descargando el archivo.";
export const BOOK_CREATED = "Libro creado correctamente.";
export const UPLOAD_FAILED = "Error al subir el libro.";
export const CONNECTION_FAILED = "Error al conectar con el servidor.";
export const PDF_REQUIRED = "Por favor, selecciona un archivo PDF.";
export const PDF_ONLY = "Solo se permite subir archivos PDF.";
export const PDF_UNREADABLE = "No se pudo leer el PDF: indica el número de páginas.";
export const DELETE_FAILED = "Hubo un error al eliminar el libro.";
export const BOOK_NOT_FOUND = "Libro no encontrado.";
export const bookDeleted = (title: string) => `Libro "${title}" eliminado correctamente.`;

/** The file field of the upload form and of POST /api/books/upload. */
export const PDF_FIELD = "pdf";

/** A quick client-side check of a chosen or dropped file (name or declared type); the server
 * still decides by magic bytes. */
export function looksLikePdf(file: { name: string; type: string }): boolean {
  return /\.pdf$/i.test(file.name) || file.type === "application/pdf";
}
