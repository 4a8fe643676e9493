// The Spanish of tareas (docs/product.md#tareas): one voice, tú, sentence case.
import type { ShownState } from "./rules.ts";

export const TAREA_NOT_FOUND = "Tarea no encontrada.";
export const ENTREGA_NOT_FOUND = "Entrega no encontrada.";
export const TAREAS_FORBIDDEN = "Solo el equipo del curso y sus estudiantes pueden ver sus tareas.";
export const TAREA_NOT_OPEN = "El curso aún no está listo para la clase.";

export const STATE_LABEL: Record<ShownState, string> = {
  asignada: "Asignada",
  entregada: "Entregada",
  atrasada: "Atrasada",
  devuelta: "Devuelta",
};
