// The Spanish of returning hand-ins (docs/product.md#returning-a-hand-in): tú, sentence case.
import { formatNota } from "~/features/quizzes/nota.ts";

export const REVIEW_FORBIDDEN = "Solo el equipo del curso revisa las entregas.";
export const REVIEW_COMMENT_TOO_LONG = "El comentario puede tener hasta 2000 caracteres.";
export const REVIEW_NOT_HANDED_IN = "Esta entrega aún no se ha entregado: no hay nada que revisar.";
export const REVIEW_ALREADY_RETURNED = "Esta entrega ya está devuelta: para cambiar su nota, devuélvela de nuevo.";
export const REVIEW_NOT_RETURNED = "Solo se puede reabrir una entrega devuelta.";
export const REVIEW_CHANGED = "La entrega cambió mientras la revisabas: ábrela de nuevo.";
export const REVIEW_NOTA_NEEDED = "Escribe la nota para devolver la entrega.";
export const REVIEW_LEVELS_NEEDED = "Elige un nivel en cada criterio de la rúbrica.";
export const REVIEW_NOBODY_MISSING = "Todas las personas de la lista ya entregaron: no hay a quién escribir.";
export const REVIEW_SAVED = "Revisión guardada: la persona aún no la ve.";
export const REVIEW_RETURNED = "Entrega devuelta: se le avisó a la persona.";
export const REVIEW_REOPENED = "Entrega reabierta: la persona puede entregarla de nuevo.";

/** The reopened hand-in's notification: it may be handed in again. */
export const reopenedNotice = (tarea: string, curso: string) => ({
  title: `Tarea reabierta: ${tarea}`,
  text: `Tu profesor/a reabrió tu entrega de «${tarea}» (${curso}): puedes cambiarla y entregarla de nuevo.`,
});

/** The returned hand-in's notification. */
export const returnedNotice = (tarea: string, curso: string, nota: number | null, comentario: boolean) => ({
  title: `Tarea devuelta: ${tarea}`,
  text:
    `Tu profesor/a devolvió tu entrega de «${tarea}» (${curso})` +
    (nota === null ? "" : ` con nota ${formatNota(nota / 10)}`) +
    (comentario ? " y un comentario." : "."),
});
