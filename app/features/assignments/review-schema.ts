// Returning a hand-in (docs/product.md#returning-a-hand-in): the review's form and its /api twin,
// one schema, and the shapes the API answers with. Server only (decision 003: Zod stays out of
// browser bundles).
import { z } from "zod";
import { notaTenthsFrom } from "~/features/reports/grade-columns-schema.ts";
import { NOTA_INVALID } from "~/features/reports/texts.ts";
import { multiLineText } from "~/lib/text.ts";
import { REVIEW_COMMENT_TOO_LONG } from "./review-texts.ts";

const COMMENT_MAX = 2000;

/** 'Guardar', 'Devolver' and PUT /api/entregas/{entregaId}/revision. */
export const ReviewInputSchema = z.object({
  nota: z
    .union([z.string(), z.number(), z.null()], { error: NOTA_INVALID })
    .optional()
    .meta({ description: 'De 1,0 a 7,0, coma o punto ("5,5", "5.5" o 5.5). En una tarea con rúbrica no se usa.' })
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      const tenths = notaTenthsFrom(value);
      if (tenths === null) ctx.addIssue({ code: "custom", message: NOTA_INVALID });
      return tenths;
    }),
  niveles: z
    .array(z.coerce.number().int().min(0).optional())
    .max(12)
    .optional()
    .meta({ description: "En una tarea con rúbrica: el nivel elegido (desde 0) de cada criterio, en su orden." }),
  comentario: multiLineText(z.string().trim().max(COMMENT_MAX, REVIEW_COMMENT_TOO_LONG))
    .optional()
    .meta({ description: "Un comentario privado: solo lo ven la persona y el equipo del curso (hasta 2000)." }),
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;

/** The API's body: the review, and what to do with it. */
export const ReviewApiInputSchema = ReviewInputSchema.extend({
  devolver: z.boolean().optional().meta({ description: "true: devolverla (la persona ve su nota y se le avisa)." }),
  reabrir: z
    .boolean()
    .optional()
    .meta({ description: "true: reabrir una entrega devuelta para un nuevo intento (lo demás no se usa)." }),
});

/** A hand-in's review as the API answers it. */
export const ReviewSchema = z.object({
  id: z.string(),
  tareaId: z.string(),
  cursoId: z.string(),
  userId: z.string(),
  estado: z.enum(["borrador", "entregada", "devuelta"]),
  entregadaEn: z.iso.datetime().nullable(),
  atrasada: z.boolean(),
  nota: z.number().min(1).max(7).nullable().describe("De 1,0 a 7,0; null sin nota"),
  niveles: z.array(z.number().int()).nullable().describe("Los niveles de la rúbrica, uno por criterio"),
  comentario: z.string(),
  devueltaEn: z.iso.datetime().nullable(),
});
export type ReviewAnswer = z.output<typeof ReviewSchema>;

/** One hand-in waiting in 'Para revisar'. */
const QueueItemSchema = z.object({
  id: z.string(),
  tareaId: z.string(),
  cursoId: z.string(),
  tarea: z.string(),
  curso: z.string(),
  userId: z.string(),
  estudiante: z.string(),
  clases: z.array(z.string()).describe("Las clases del curso de quien entregó"),
  entregadaEn: z.iso.datetime(),
  atrasada: z.boolean(),
  enlace: z.string().describe("La página de revisión de la entrega"),
});
export type QueueItem = z.output<typeof QueueItemSchema>;

/** GET /api/docente/entregas: a page of hand-ins waiting, oldest first. */
export const QueueSchema = z.object({ entregas: z.array(QueueItemSchema) });
