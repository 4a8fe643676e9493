// Quiz grading (docs/product.md#grading): pure functions, the only place that decides a result.
import { percentOf } from "../../lib/percent.ts";

export const PASS_MARK = 70;

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
  /** Whole percentage (percentOf: 2 of 3 is 67); a fail never reads as the pass mark (69.7 % is 69). */
  porcentaje: number;
  aprobado: boolean;
  respuestas: AnswerRecord[];
};

export type GradeOutcome = { ok: true; grade: Grade } | { ok: false; unanswered: number[] };

/**
 * Grades answers given as question id → option id. Every question must be answered with one
 * of its own options; otherwise the 1-based numbers of the unanswered questions come back.
 */
export function gradeQuiz(
  questions: readonly GradableQuestion[],
  answers: Readonly<Record<string, string>>,
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
  const total = questions.length;
  return {
    ok: true,
    grade: {
      correctas,
      totalPreguntas: total,
      porcentaje: percentOf(correctas, total, [PASS_MARK]),
      // Exact integer comparison: 7/10 passes, 69.9 % does not.
      aprobado: correctas * 100 >= PASS_MARK * total,
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
