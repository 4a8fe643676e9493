// The manual columns of a course's gradebook (docs/decisions/044-manual-grade-columns.md): one
// schema for each form and its /api twin, and the shapes the API answers with. Server only
// (decision 003: Zod stays out of browser bundles).
import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text.ts";
import { COLUMN_NAME_REQUIRED, COLUMN_NAME_TOO_LONG, COMMENT_TOO_LONG, NOTA_INVALID, WEIGHT_INVALID } from "./texts.ts";

const COLUMN_NAME_MAX = 60;
const COMMENT_MAX = 500;

/**
 * A nota as a teacher types it, in tenths (10–70): '5,5', '5.5', '6' or the number 5.5; one
 * decimal at most, 1,0 to 7,0. Null for anything else.
 */
export function notaTenthsFrom(input: unknown): number | null {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  const match = /^([1-7])(?:[.,](\d))?$/.exec(text);
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? 0);
  return tenths <= 70 ? tenths : null;
}

/** 'Nueva columna', 'Cambiar nombre' and POST/PUT /api/cursos/{cursoId}/calificaciones/columnas. */
export const GradeColumnNameSchema = z.object({
  nombre: singleLineText(
    z
      .string({ error: COLUMN_NAME_REQUIRED })
      .trim()
      .min(1, COLUMN_NAME_REQUIRED)
      .max(COLUMN_NAME_MAX, COLUMN_NAME_TOO_LONG)
      .meta({ description: "El nombre de la columna (1 a 60 caracteres), único en el curso. Ej.: Disertación." }),
  ),
});

const comentario = multiLineText(z.string().trim().max(COMMENT_MAX, COMMENT_TOO_LONG));

/** PUT /api/cursos/{cursoId}/calificaciones/columnas/{columnaId}/notas/{userId}. */
export const ManualGradeInputSchema = z.object({
  nota: z
    .union([z.string(), z.number()], { error: NOTA_INVALID })
    .meta({ description: 'La nota de 1,0 a 7,0 con un decimal como máximo; coma o punto ("5,5", "5.5" o 5.5).' })
    .transform((value, ctx) => {
      const tenths = notaTenthsFrom(value);
      if (tenths === null) ctx.addIssue({ code: "custom", message: NOTA_INVALID });
      return tenths ?? 0;
    }),
  comentario: comentario.optional().meta({ description: "Un comentario para la persona (hasta 500 caracteres)." }),
});

/** 'Ponderación': the quiz modules' weight in whole %; empty for a plain average. */
export const GradebookWeightSchema = z.object({
  evaluaciones: z
    .number({ error: WEIGHT_INVALID })
    .int(WEIGHT_INVALID)
    .min(0, WEIGHT_INVALID)
    .max(100, WEIGHT_INVALID)
    .optional(),
});

/** GET/PUT /api/cursos/{cursoId}/calificaciones/ponderacion: the same weight, null for a plain average. */
export const GradebookWeightApiSchema = z.object({
  cursoId: z.string(),
  evaluaciones: z
    .int({ error: WEIGHT_INVALID })
    .min(0, WEIGHT_INVALID)
    .max(100, WEIGHT_INVALID)
    .nullable()
    .meta({ description: "El % de los módulos (0 a 100); las columnas de notas, el resto. null: promedio simple." }),
});
export type GradebookWeightAnswer = z.output<typeof GradebookWeightApiSchema>;

/** One learner's row of the page's form for a column: an empty nota removes it. */
export const ManualGradeRowSchema = z.object({
  nota: z.string().trim(),
  comentario,
});

/** One manual column as the API answers it. */
export const GradeColumnSchema = z.object({
  id: z.string(),
  cursoId: z.string(),
  nombre: z.string(),
  posicion: z.number().int().nonnegative().describe("El orden de la columna, después de los módulos"),
  tipo: z
    .enum(["manual", "tarea"])
    .describe("manual: sus notas se ponen aquí; tarea: las de una tarea al devolver sus entregas (solo lectura)"),
  tareaId: z.string().nullable().describe("La tarea de una columna de tipo tarea; null en las demás"),
  creadaEn: z.iso.datetime(),
});
export type GradeColumn = z.output<typeof GradeColumnSchema>;

/** GET /api/cursos/{cursoId}/calificaciones/columnas: the course's manual columns, in order. */
export const GradeColumnListSchema = z.object({ cursoId: z.string(), columnas: z.array(GradeColumnSchema) });
export type GradeColumnList = z.output<typeof GradeColumnListSchema>;

/** A learner's nota in a manual column, as the API answers it. */
export const ManualGradeSchema = z.object({
  columnaId: z.string(),
  userId: z.string(),
  nota: z.number().min(1).max(7).multipleOf(0.1).describe("De 1,0 a 7,0"),
  comentario: z.string(),
  actualizadaEn: z.iso.datetime(),
});
export type ManualGrade = z.output<typeof ManualGradeSchema>;
