// What a learner sees after an attempt (docs/product.md#grading): the one function that shapes a
// result for the quiz page and the API alike, so no field of the API gives away what the page hides.
import { rightAnswer, type GradableQuestion, type Grade } from "./grading.ts";

export const REVISIONES = ["puntaje", "errores", "respuestas"] as const;
export const REVISION_CUANDO = ["inmediata", "al_terminar"] as const;
export type Revision = (typeof REVISIONES)[number];

type ReviewSettings = { revision: string; revisionCuando: string; fechaLimite: Date | null };

/**
 * The review shown now: the module's, at once or (al_terminar) once no attempt is left or its due
 * date has passed; until then the score only.
 */
export function reviewShown(m: ReviewSettings, intentosRestantes: number | null, now = new Date()): Revision {
  const revision = (REVISIONES as readonly string[]).includes(m.revision) ? (m.revision as Revision) : "errores";
  const over = intentosRestantes === 0 || (m.fechaLimite !== null && m.fechaLimite <= now);
  return m.revisionCuando === "al_terminar" && !over ? "puntaje" : revision;
}

/**
 * A graded attempt as shown: the score always; which answers were wrong (and each one's credit), and
 * the right answer, as allowed.
 */
export function shapeResult(grade: Grade, questions: readonly GradableQuestion[], revision: Revision) {
  const { respuestas, ...score } = grade;
  if (revision === "puntaje") return { ...score, revision };
  const right = new Map(questions.map((q) => [q.id, rightAnswer(q)]));
  return {
    ...score,
    revision,
    respuestas: respuestas.map((r) => ({
      preguntaId: r.preguntaId,
      pregunta: r.pregunta,
      respuestaUsuario: r.respuestaUsuario,
      esCorrecta: r.esCorrecta,
      puntaje: r.puntaje,
      ...(revision === "respuestas" ? { respuestaCorrecta: right.get(r.preguntaId) ?? "" } : {}),
    })),
  };
}
