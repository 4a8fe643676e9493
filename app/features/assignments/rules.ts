// The rules of a tarea and its hand-ins (docs/decisions/048-tareas.md), pure: the states a page
// shows, late or refused, who a tarea is for. The server decides with these; pages only show them.

/** A hand-in's stored state (Submission.estado). */
export const SUBMISSION_STATES = ["borrador", "entregada", "devuelta"] as const;

/** What a page says of a learner's hand-in: 'Asignada', 'Entregada', 'Atrasada', 'Devuelta'. */
export type ShownState = "asignada" | "entregada" | "atrasada" | "devuelta";

export type DueRule = { fechaLimite: Date | null; permiteAtrasadas: boolean };

/** Past the due date (a tarea without one is never late). */
export function isPastDue(tarea: { fechaLimite: Date | null }, now: Date): boolean {
  return tarea.fechaLimite !== null && now.getTime() > tarea.fechaLimite.getTime();
}

/** Whether a hand-in is taken now: before the due date, or after it when late hand-ins are allowed. */
export function acceptsHandIn(tarea: DueRule, now: Date): boolean {
  return !isPastDue(tarea, now) || tarea.permiteAtrasadas;
}

/**
 * The state shown for a learner's hand-in (null: they have not saved one). Not handed in and past
 * the due date reads 'Atrasada' too: the work is missing.
 */
export function shownState(
  tarea: { fechaLimite: Date | null },
  entrega: { estado: string; atrasada: boolean } | null,
  now: Date,
): ShownState {
  if (entrega?.estado === "devuelta") return "devuelta";
  if (entrega?.estado === "entregada") return entrega.atrasada ? "atrasada" : "entregada";
  return isPastDue(tarea, now) ? "atrasada" : "asignada";
}

/** Who a tarea is for: every learner of the course, or the members of its classes. */
export function isForLearner(
  tarea: { todasLasClases: boolean },
  tareaClassIds: readonly string[],
  memberOf: readonly string[],
) {
  if (tarea.todasLasClases) return true;
  const mine = new Set(memberOf);
  return tareaClassIds.some((id) => mine.has(id));
}
