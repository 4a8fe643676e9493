// The Spanish of setting a tarea (docs/product.md#setting-a-tarea): the form, the team's pages, the
// API's answers. Free of Zod and Prisma, so pages import them without shipping either.
export const TITULO_MAX = 200;
export const INSTRUCCIONES_MAX = 10_000;
/** The attachments' form field, and how many a tarea takes. */
export const ADJUNTOS_FIELD = "adjuntos";
export const MAX_ADJUNTOS = 10;
/** The form's rubric rows without JavaScript: at least this many criteria and levels each. */
export const RUBRIC_ROWS = 3;
export const RUBRIC_LEVELS = 4;

export const TITULO_REQUIRED = "Escribe el título de la tarea.";
export const TITULO_TOO_LONG = `El título admite hasta ${TITULO_MAX} caracteres.`;
export const INSTRUCCIONES_TOO_LONG = "Las instrucciones admiten hasta 10.000 caracteres.";
export const FECHA_INVALID = "Ingresa una fecha y hora válidas (hora de Chile), por ejemplo 2026-12-05T23:59.";
export const CHOICE_INVALID = "Elige una de las opciones.";
export const CLASES_REQUIRED = "Elige al menos una clase, o «Todas las clases».";
export const CLASE_UNKNOWN = "Una de las clases elegidas no es de este curso.";
export const MODULO_UNKNOWN = "El módulo elegido no es de este curso.";
export const RUBRICA_REQUIRED = "Escribe la rúbrica: al menos un criterio con dos niveles.";
export const PUNTOS_INVALID = "Los puntos de cada nivel son un número entero de 0 a 100.";
export const NOMBRE_TOO_LONG = "Un nombre de la rúbrica es demasiado largo (criterio: 120 caracteres, nivel: 60).";
export const NIVELES_TOO_MANY = "Cada criterio admite hasta 6 niveles.";
export const ADJUNTO_TYPES = "Los adjuntos deben ser PDF o imágenes JPEG, PNG o WebP.";
export const ADJUNTOS_TOO_MANY = `Una tarea admite hasta ${MAX_ADJUNTOS} adjuntos.`;
export const ADJUNTO_NOT_FOUND = "Adjunto no encontrado.";
export const ADJUNTO_REQUIRED = "Elige uno o más archivos para adjuntar.";
export const TAREAS_TEAM_ONLY = "Solo el equipo docente del curso puede poner, editar o eliminar sus tareas.";

export const TAREA_CREATED = "Tarea creada. Sus estudiantes la ven en la página del curso y reciben un aviso.";
export const TAREA_SAVED = "Tarea guardada.";
export const TAREA_DELETED = "Tarea eliminada, con sus entregas y su columna de notas.";
export const ADJUNTOS_ADDED = "Adjuntos agregados.";
export const ADJUNTO_REMOVED = "Adjunto quitado.";
