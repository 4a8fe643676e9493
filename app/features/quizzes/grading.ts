// Quiz grading (docs/product.md#grading): pure functions, the only place that decides a result.
// Each kind of question (docs/decisions/046-kinds-of-question.md) is graded here to a credit 0..100.
import { percentOf } from "../../lib/percent.ts";
import { normalizeSearch } from "../../lib/search-text.ts";
import { aprobado } from "./nota.ts";

/** A question's kinds; a question without one is 'unica' (every question before kinds existed). */
export const TIPOS = ["unica", "multiple", "verdadero_falso", "respuesta_corta", "numerica"] as const;
export type Tipo = (typeof TIPOS)[number];
export const tipoOf = (tipo: string | undefined): Tipo =>
  (TIPOS as readonly string[]).includes(tipo ?? "") ? (tipo as Tipo) : "unica";

export type GradableQuestion = {
  id: string;
  texto: string;
  /** The options; for 'respuesta_corta' the accepted answers (all correcta); none for 'numerica'. */
  opciones: ReadonlyArray<{ id: string; texto: string; correcta: boolean }>;
  tipo?: string;
  /** 'multiple': partial credit instead of all or nothing. */
  puntajeParcial?: boolean;
  /** 'numerica': the value and its tolerance as exact decimal texts ("3.14", "0.01"). */
  valor?: string | null;
  tolerancia?: string | null;
};

/** A question's answer as sent: an option id, several (multiple), or a text (corta, numérica). */
export type AnswerValue = string | readonly string[];

type AnswerRecord = {
  preguntaId: string;
  opcionId: string | null;
  pregunta: string;
  respuestaUsuario: string;
  /** Full credit only: partial credit is not right (the report's counts). */
  esCorrecta: boolean;
  /** 0..100. */
  puntaje: number;
};

export type Grade = {
  /** Questions answered with full credit. */
  correctas: number;
  totalPreguntas: number;
  /** Whole percentage of the credits (percentOf: 2 of 3 is 67); a fail never reads as the exigencia. */
  porcentaje: number;
  aprobado: boolean;
  respuestas: AnswerRecord[];
};

/**
 * A decimal number as typed ('3,14', '-2.5', '1e3' is not one) in its exact canonical text
 * ('3.14'), or null: comma or dot as decimal mark, at most 15 significant digits (so a JSON
 * number carries it exactly).
 */
export function parseDecimal(value: string): string | null {
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(value.trim().replace(/\s+/g, ""));
  if (!m || (m[2] === "" && !m[3])) return null;
  const int = m[2]!.replace(/^0+(?=\d)/, "") || "0";
  const frac = (m[3] ?? "").replace(/0+$/, "");
  if ((int === "0" ? "" : int).length + frac.length > 15) return null;
  const text = frac ? `${int}.${frac}` : int;
  return m[1] === "-" && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A canonical decimal as an integer of 10^-scale units (exact). */
function scaled(text: string, scale: number): bigint {
  const [int, frac = ""] = text.replace("-", "").split(".");
  const n = BigInt(int! + frac.padEnd(scale, "0"));
  return text.startsWith("-") ? -n : n;
}

/** Whether `answer` is within `tolerance` of `value` (edges included), computed exactly. */
function withinTolerance(answer: string, value: string, tolerance: string): boolean {
  const scale = Math.max(...[answer, value, tolerance].map((t) => t.split(".")[1]?.length ?? 0));
  const diff = scaled(answer, scale) - scaled(value, scale);
  return (diff < 0n ? -diff : diff) <= scaled(tolerance, scale);
}

/** A decimal as the pages write it (es-CL): '3,14'. */
export const decimalText = (text: string) => text.replace(".", ",");

/** A short answer as compared: no case, accents or extra spaces. */
const foldAnswer = (text: string) => normalizeSearch(text);

/** The right answer as a review shows it. */
export function rightAnswer(q: GradableQuestion): string {
  const tipo = tipoOf(q.tipo);
  if (tipo === "numerica") {
    const tol = q.tolerancia && q.tolerancia !== "0" ? ` (± ${decimalText(q.tolerancia)})` : "";
    return `${decimalText(q.valor ?? "")}${tol}`;
  }
  const right = q.opciones.filter((o) => o.correcta).map((o) => o.texto);
  return right.join(tipo === "respuesta_corta" ? " o " : "; ");
}

/**
 * One question's answer graded: what is recorded (the text answered, the option when one), or
 * null when unanswered. multiple: all or nothing, or with puntajeParcial (right chosen − wrong
 * chosen) / right, floored to a whole percentage and at 0.
 */
function gradeOne(
  q: GradableQuestion,
  sent: AnswerValue | undefined,
): Omit<AnswerRecord, "preguntaId" | "pregunta"> | null {
  const values = (typeof sent === "string" ? [sent] : (sent ?? [])).filter((v) => typeof v === "string");
  const tipo = tipoOf(q.tipo);
  const full = (ok: boolean) => ({ esCorrecta: ok, puntaje: ok ? 100 : 0 });
  if (tipo === "respuesta_corta" || tipo === "numerica") {
    const text = (values[0] ?? "").replace(/\s+/g, " ").trim();
    if (!text) return null;
    let ok: boolean;
    if (tipo === "numerica") {
      const n = parseDecimal(text);
      ok = n !== null && q.valor != null && withinTolerance(n, q.valor, q.tolerancia ?? "0");
    } else ok = q.opciones.some((o) => o.correcta && foldAnswer(o.texto) === foldAnswer(text));
    return { opcionId: null, respuestaUsuario: text.slice(0, 500), ...full(ok) };
  }
  const chosen = q.opciones.filter((o) => values.includes(o.id));
  if (chosen.length === 0 || (tipo !== "multiple" && chosen.length > 1)) return null;
  if (tipo !== "multiple")
    return { opcionId: chosen[0]!.id, respuestaUsuario: chosen[0]!.texto, ...full(chosen[0]!.correcta) };
  const right = q.opciones.filter((o) => o.correcta).length;
  const hits = chosen.filter((o) => o.correcta).length;
  const all = hits === right && chosen.length === hits;
  const puntaje = all
    ? 100
    : q.puntajeParcial
      ? Math.max(0, Math.floor(((hits - (chosen.length - hits)) * 100) / right))
      : 0;
  return { opcionId: null, respuestaUsuario: chosen.map((o) => o.texto).join("; "), esCorrecta: all, puntaje };
}

export type GradeOutcome = { ok: true; grade: Grade } | { ok: false; unanswered: number[] };

/**
 * Grades answers given as question id → option id (several for 'multiple'; the text typed for
 * 'respuesta_corta' and 'numerica') against the course's exigencia (its pass mark). Every
 * question must be answered (with its own options); otherwise the 1-based numbers of the
 * unanswered questions come back. The percentage is the sum of the credits over the questions.
 */
export function gradeQuiz(
  questions: readonly GradableQuestion[],
  answers: Readonly<Record<string, AnswerValue>>,
  exigencia: number,
): GradeOutcome {
  const unanswered: number[] = [];
  const respuestas: AnswerRecord[] = [];
  questions.forEach((q, i) => {
    const graded = gradeOne(q, answers[q.id]);
    if (graded) respuestas.push({ preguntaId: q.id, pregunta: q.texto, ...graded });
    else unanswered.push(i + 1);
  });
  if (questions.length === 0 || unanswered.length > 0) return { ok: false, unanswered };
  const correctas = respuestas.filter((r) => r.esCorrecta).length;
  const credits = respuestas.reduce((sum, r) => sum + r.puntaje, 0);
  // percentOf never rounds a share under the exigencia up onto it (69.9 % is 69), so the whole
  // percentage passes exactly when the share does: 7/10 passes at 70 %, 699/1000 does not.
  const porcentaje = percentOf(credits, questions.length * 100, [exigencia]);
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
 * Maps the answers an API client may send to question id → answer. Accepted shapes: an object
 * keyed by question id (or by 0-based question index); an array in question order. Each answer:
 * an option id, an option index (number or numeric string), an option text, or an object with one
 * of `opcionId`, `respuestaUsuario`, `respuesta`, `indice`; for 'multiple' a list of those; for
 * 'verdadero_falso' also true / false; for 'respuesta_corta' the text; for 'numerica' a number or
 * its text ('3,14' or '3.14').
 */
export function normalizeAnswers(questions: readonly GradableQuestion[], raw: unknown): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  const pick = (q: GradableQuestion, value: unknown): string | undefined => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      return pick(q, v.opcionId ?? v.indice ?? v.respuestaUsuario ?? v.respuesta);
    }
    const tipo = tipoOf(q.tipo);
    if (tipo === "respuesta_corta" || tipo === "numerica") {
      return typeof value === "string"
        ? value
        : typeof value === "number" && Number.isFinite(value)
          ? String(value)
          : undefined;
    }
    if (typeof value === "boolean" && tipo === "verdadero_falso") return q.opciones[value ? 0 : 1]?.id;
    if (typeof value === "number" && Number.isInteger(value)) return q.opciones[value]?.id;
    if (typeof value !== "string") return undefined;
    const byId = q.opciones.find((o) => o.id === value);
    if (byId) return byId.id;
    if (/^\d+$/.test(value.trim())) return q.opciones[Number(value.trim())]?.id;
    return q.opciones.find((o) => foldAnswer(o.texto) === foldAnswer(value))?.id;
  };
  const answer = (q: GradableQuestion, value: unknown): AnswerValue | undefined => {
    if (tipoOf(q.tipo) !== "multiple") return pick(q, value);
    const ids = (Array.isArray(value) ? value : [value]).map((v) => pick(q, v));
    return ids.every((id) => id !== undefined) && ids.length ? [...new Set(ids as string[])] : undefined;
  };
  if (Array.isArray(raw)) {
    questions.forEach((q, i) => {
      const value = answer(q, raw[i]);
      if (value !== undefined) out[q.id] = value;
    });
  } else if (raw && typeof raw === "object") {
    const map = raw as Record<string, unknown>;
    questions.forEach((q, i) => {
      const value = answer(q, map[q.id] ?? map[String(i)]);
      if (value !== undefined) out[q.id] = value;
    });
  }
  return out;
}
