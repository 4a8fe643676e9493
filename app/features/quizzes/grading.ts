// Quiz grading (docs/product.md#grading): pure functions, the only place that decides a result.
import { percentOf } from "../../lib/percent.ts";
import { aprobado } from "./nota.ts";

export type GradableQuestion = {
  id: string;
  texto: string;
  opciones: ReadonlyArray<{ id: string; texto: string; correcta: boolean }>;
};

type AnswerRecord = {
  preguntaId: string;
  opcionId: string;
  pregunta: string;
  respuestaUsuario: string;
  esCorrecta: boolean;
};

export type Grade = {
  correctas: number;
  totalPreguntas: number;
  /** Whole percentage (percentOf: 2 of 3 is 67); a fail never reads as the exigencia (69.7 % is 69). */
  porcentaje: number;
  aprobado: boolean;
  respuestas: AnswerRecord[];
};

export type GradeOutcome = { ok: true; grade: Grade } | { ok: false; unanswered: number[] };

/**
 * Grades answers given as question id → option id against the course's exigencia (its pass
 * mark). Every question must be answered with one of its own options; otherwise the 1-based
 * numbers of the unanswered questions come back.
 */
export function gradeQuiz(
  questions: readonly GradableQuestion[],
  answers: Readonly<Record<string, string>>,
  exigencia: number,
): GradeOutcome {
  const unanswered: number[] = [];
  const respuestas: AnswerRecord[] = [];
  questions.forEach((q, i) => {
    const chosen = q.opciones.find((o) => o.id === answers[q.id]);
    if (!chosen) {
      unanswered.push(i + 1);
      return;
    }
    respuestas.push({
      preguntaId: q.id,
      opcionId: chosen.id,
      pregunta: q.texto,
      respuestaUsuario: chosen.texto,
      esCorrecta: chosen.correcta,
    });
  });
  if (questions.length === 0 || unanswered.length > 0) return { ok: false, unanswered };
  const correctas = respuestas.filter((r) => r.esCorrecta).length;
  // percentOf never rounds a share under the exigencia up onto it (69.9 % is 69), so the whole
  // percentage passes exactly when the share does: 7/10 passes at 70 %, 699/1000 does not.
  const porcentaje = percentOf(correctas, questions.length, [exigencia]);
  return {
    ok: true,
    grade: {
      correctas,
      totalPreguntas: questions.length,
      porcentaje,
      aprobado: aprobado(porcentaje, exigencia),
      respuestas,
    },
  };
}

/**
 * Maps the answers an API client may send to question id → option id. Accepted shapes:
 * an object keyed by question id (or by 0-based question index); an array in question order;
 * each answer an option id, an option index (number or numeric string), an option text, or an
 * object with one of `opcionId`, `respuestaUsuario`, `respuesta`, `indice`.
 */
export function normalizeAnswers(questions: readonly GradableQuestion[], raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const pick = (q: GradableQuestion, value: unknown): string | undefined => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      return pick(q, v.opcionId ?? v.indice ?? v.respuestaUsuario ?? v.respuesta);
    }
    if (typeof value === "number" && Number.isInteger(value)) return q.opciones[value]?.id;
    if (typeof value !== "string") return undefined;
    const byId = q.opciones.find((o) => o.id === value);
    if (byId) return byId.id;
    if (/^\d+$/.test(value.trim())) return q.opciones[Number(value.trim())]?.id;
    return q.opciones.find((o) => o.texto.trim() === value.trim())?.id;
  };
  if (Array.isArray(raw)) {
    questions.forEach((q, i) => {
      const id = pick(q, raw[i]);
      if (id) out[q.id] = id;
    });
  } else if (raw && typeof raw === "object") {
    const map = raw as Record<string, unknown>;
    questions.forEach((q, i) => {
      const id = pick(q, map[q.id] ?? map[String(i)]);
      if (id) out[q.id] = id;
    });
  }
  return out;
}
