// 'Código de la clase' (docs/product.md#classes): what a teacher writes on the board and a learner
// types on a cheap phone. Eight characters of an alphabet without look-alikes (no 0/O, 1/I/L, U beside V),
// shown in two groups ('K7MD-4QXA'); typed in any case, with or without the dash or spaces.
// 30^8 ≈ 6.6·10^11 codes: guessing one is hopeless against the rate limit, and a teacher can
// replace a code that got around.
import { randomInt } from "node:crypto";

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
export const CODE_LENGTH = 8;

/** A new random code, stored without its dash ('K7MD4QXA'). */
export function newClassCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The code as shown: two groups of four ('K7MD-4QXA'). */
export function formatClassCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed as a stored code (case, spaces and dashes dropped), or null when it cannot be one. */
export function normaliseClassCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s\-‐‑–—.]/g, "");
  if (code.length !== CODE_LENGTH) return null;
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return null;
  return code;
}
