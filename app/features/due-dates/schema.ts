// GET /api/auth/proximas-fechas: 'Próximas fechas' as JSON (docs/product.md#due-dates). The
// OpenAPI document (routes/api) is made from the same schema. Server only.
import { z } from "zod";
import type { DueItem } from "./due-dates.server.ts";

export const UpcomingDueDatesSchema = z.object({
  fechas: z.array(
    z.object({
      cursoId: z.string(),
      curso: z.string(),
      moduloId: z.string(),
      modulo: z.string(),
      moduloIndex: z.int().min(0).meta({ description: "Índice del módulo en el curso (desde 0), como en la API." }),
      fechaLimite: z.iso.datetime().meta({ description: "Instante UTC; se fija en hora de Chile (America/Santiago)." }),
      aprobado: z.boolean().meta({ description: "Si quien llama aprobó la evaluación del módulo." }),
      url: z.string().meta({ description: "El módulo en la página del curso." }),
    }),
  ),
});
export type UpcomingDueDates = z.output<typeof UpcomingDueDatesSchema>;

export function upcomingJson(items: readonly DueItem[]): UpcomingDueDates {
  return {
    fechas: items.map((i) => ({
      cursoId: i.cursoId,
      curso: i.curso,
      moduloId: i.moduloId,
      modulo: i.modulo,
      moduloIndex: i.numero - 1,
      fechaLimite: i.fechaLimite.toISOString(),
      aprobado: i.aprobado,
      url: i.href,
    })),
  };
}
