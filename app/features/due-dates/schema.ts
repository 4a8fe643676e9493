// GET /api/auth/proximas-fechas: 'Próximas fechas' as JSON (docs/product.md#due-dates). The
// OpenAPI document (routes/api) is made from the same schema. Server only.
import { z } from "zod";
import type { DueItem } from "./due-dates.server.ts";

export const UpcomingDueDatesSchema = z.object({
  fechas: z.array(
    z.object({
      cursoId: z.string(),
      curso: z.string(),
      tipo: z.enum(["modulo", "tarea"]).meta({ description: "La fecha límite de un módulo o de una tarea." }),
      moduloId: z
        .string()
        .nullable()
        .meta({ description: "El módulo (de la tarea: null si está arriba en el curso)." }),
      tareaId: z.string().nullable().meta({ description: "La tarea; null para un módulo." }),
      modulo: z.string().meta({ description: "El título del módulo o de la tarea." }),
      moduloIndex: z
        .int()
        .min(0)
        .nullable()
        .meta({ description: "Índice del módulo en el curso (desde 0), como en la API; null para una tarea." }),
      fechaLimite: z.iso.datetime().meta({ description: "Instante UTC; se fija en hora de Chile (America/Santiago)." }),
      aprobado: z.boolean().meta({ description: "Si quien llama aprobó la evaluación del módulo (una tarea: false)." }),
      url: z.string().meta({ description: "El módulo en la página del curso, o la página de la tarea." }),
    }),
  ),
});
export type UpcomingDueDates = z.output<typeof UpcomingDueDatesSchema>;

export function upcomingJson(items: readonly DueItem[]): UpcomingDueDates {
  return {
    fechas: items.map((i) => ({
      cursoId: i.cursoId,
      curso: i.curso,
      tipo: i.tareaId ? ("tarea" as const) : ("modulo" as const),
      moduloId: i.moduloId,
      tareaId: i.tareaId,
      modulo: i.modulo,
      moduloIndex: i.numero === null ? null : i.numero - 1,
      fechaLimite: i.fechaLimite.toISOString(),
      aprobado: i.aprobado,
      url: i.href,
    })),
  };
}
