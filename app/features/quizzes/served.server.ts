// A started attempt (docs/decisions/045-served-attempts.md): what the server serves when a module
// shuffles (barajar), draws from a bank (preguntasPorIntento) or times its attempts
// (tiempoLimiteMin), and how the attempt is read back. Pure functions; quiz.server.ts stores them.
import { randomInt } from "node:crypto";
import type { GradableQuestion } from "./grading.ts";

export type AttemptSettings = { barajar: boolean; preguntasPorIntento: number | null; tiempoLimiteMin: number | null };

/** What an open attempt stores: the questions served and each one's options, in the served order. */
export type Served = Array<{ p: string; o: string[] }>;

/** An answer may arrive this long after the limit and still count (a slow network, a last click). */
export const GRACE_MS = 30_000;

/** Whether the module's quiz is taken through a started attempt (any of the three settings). */
export const startsAttempts = (m: AttemptSettings) =>
  m.barajar || m.preguntasPorIntento !== null || m.tiempoLimiteMin !== null;

/** Fisher–Yates with the platform's CSPRNG: a learner cannot predict the next order. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Draws an attempt: N distinct questions at random (all of them without a bank, or when the bank
 * has shrunk below N), kept in the module's order unless the module shuffles, which also shuffles
 * each question's options.
 */
export function drawAttempt(questions: readonly GradableQuestion[], m: AttemptSettings): Served {
  const n = Math.min(m.preguntasPorIntento ?? questions.length, questions.length);
  const drawn = new Set(shuffled(questions).slice(0, n));
  const picked = questions.filter((q) => drawn.has(q));
  return (m.barajar ? shuffled(picked) : picked).map((q) => {
    const ids = q.opciones.map((o) => o.id);
    return { p: q.id, o: m.barajar ? shuffled(ids) : ids };
  });
}

/**
 * The attempt's questions as served, in the served order, each with the served options only. A
 * question or option deleted since is left out; an option added since was not served, so an
 * answer naming it counts as unanswered.
 */
export function servedQuestions<Q extends GradableQuestion>(questions: readonly Q[], servido: string): Q[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: Q[] = [];
  for (const { p, o } of JSON.parse(servido) as Served) {
    const q = byId.get(p);
    if (!q) continue;
    const options = new Map(q.opciones.map((opt) => [opt.id, opt]));
    out.push({ ...q, opciones: o.flatMap((id) => options.get(id) ?? []) });
  }
  return out;
}

/** When a timed attempt ends (null: no limit). */
export const endsAt = (comenzadoEn: Date, m: AttemptSettings) =>
  m.tiempoLimiteMin === null ? null : new Date(comenzadoEn.getTime() + m.tiempoLimiteMin * 60_000);

/** An answer after the end plus the grace is graded as submitted at the limit, without its answers. */
export const isLate = (terminaEn: Date | null, now = new Date()) =>
  terminaEn !== null && now.getTime() > terminaEn.getTime() + GRACE_MS;
