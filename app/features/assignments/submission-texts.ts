// The Spanish of handing in a tarea (docs/product.md#handing-in), for the page and the API alike.

export const MAX_HANDIN_FILES = 10;
export const MAX_HANDIN_MB = 25;
export const HANDIN_LIMIT =
  `Hasta ${MAX_HANDIN_FILES} archivos y ${MAX_HANDIN_MB} MB en` +
  " total: PDF o imágenes JPEG, PNG o WebP. Las fotos se reducen al subirlas y pierden su ubicación.";
export const TEXTO_MAX = 20_000;

export const HANDIN_FILE_TYPES = "Solo se pueden entregar archivos PDF o imágenes JPEG, PNG o WebP.";
export const HANDIN_TOO_LARGE = `La entrega supera el máximo de ${MAX_HANDIN_MB} MB en total.`;
export const HANDIN_TOO_MANY = `Una entrega admite hasta ${MAX_HANDIN_FILES} archivos.`;
export const IMAGE_UNREADABLE = "No se pudo leer una de las imágenes: prueba con otra foto.";
export const TEXTO_TOO_LONG = `Tu respuesta admite hasta ${TEXTO_MAX.toLocaleString("es-CL")} caracteres.`;
export const HANDIN_EMPTY = "Escribe tu respuesta o adjunta un archivo antes de entregar.";
export const HANDIN_RETURNED = "Tu entrega ya fue devuelta: no puedes cambiarla hasta que el equipo docente la reabra.";
export const HANDIN_CLOSED = "El plazo de entrega terminó y esta tarea no acepta entregas atrasadas.";
export const HANDIN_NOT_HANDED = "Tu entrega aún no está entregada: no hay nada que anular.";
export const HANDIN_TEAM = "Solo quienes estudian en el curso entregan tareas.";
export const HANDIN_FILE_NOT_FOUND = "Archivo no encontrado.";

export const SAVED = "Borrador guardado.";
export const HANDED_IN = "Tarea entregada.";
export const HANDIN_UPDATED = "Entrega actualizada.";
export const HANDED_IN_LATE = "Tarea entregada con atraso.";
export const WITHDRAWN = "Entrega anulada: vuelve a ser un borrador; tus archivos siguen aquí.";
export const FILE_REMOVED = "Archivo quitado.";
