// A tarea's rubric (docs/decisions/048-tareas.md): criteria, each with levels worth points; the
// levels a teacher picks give a nota on the course's scale. Stored as JSON in Assignment.rubrica,
// read and written only through this schema.
import { z } from "zod";
import { nota } from "~/features/quizzes/nota.ts";
import { percentOf } from "~/lib/percent.ts";

const RubricLevelSchema = z.object({
  nombre: z.string().trim().min(1, "Escribe el nombre del nivel.").max(60),
  puntos: z.number().int().min(0).max(100),
});

const RubricCriterionSchema = z.object({
  nombre: z.string().trim().min(1, "Escribe el nombre del criterio.").max(120),
  niveles: z.array(RubricLevelSchema).min(2, "Cada criterio necesita al menos dos niveles.").max(6),
});

export const RubricSchema = z
  .array(RubricCriterionSchema)
  .min(1, "La rúbrica necesita al menos un criterio.")
  .max(12, "La rúbrica admite hasta 12 criterios.");
export type Rubric = z.output<typeof RubricSchema>;

/** The level chosen for each criterion, by index, in the rubric's order. */
type RubricChoice = readonly number[];

/** A stored rubric (null when absent or unreadable: the tarea is then graded with a nota). */
export function readRubric(json: string | null): Rubric | null {
  if (!json) return null;
  try {
    const parsed = RubricSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The most points a rubric gives: each criterion's best level. */
function maxPoints(rubric: Rubric): number {
  return rubric.reduce((sum, c) => sum + Math.max(...c.niveles.map((l) => l.puntos)), 0);
}

/**
 * The nota (tenths) of a choice of levels, on the course's exigencia; null when the choice does not
 * name one level of each criterion.
 */
export function rubricNota(rubric: Rubric, choice: RubricChoice, exigencia: number): number | null {
  if (choice.length !== rubric.length) return null;
  let points = 0;
  for (const [i, criterion] of rubric.entries()) {
    const level = criterion.niveles[choice[i]!];
    if (!level) return null;
    points += level.puntos;
  }
  // The rubric's share of its most points as a whole percentage, then the course's scale.
  return Math.round(nota(percentOf(points, maxPoints(rubric), [exigencia]), exigencia) * 10);
}
