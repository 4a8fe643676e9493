// The short sign-in name ('usuario', docs/decisions/040): a–z, digits and dots, at most 20, unique.
const USUARIO_MAX = 20;
const USUARIO_PATTERN = /^[a-z0-9](?:[a-z0-9.]{0,18}[a-z0-9])?$/;

/** Whether a typed name is a well-formed usuario (not whether an account has it). */
export const isUsuario = (value: string) => USUARIO_PATTERN.test(value) && !value.includes("..");

/** A name's first word in plain lower-case letters and digits ('Núñez Rojas' → 'nunez'). */
const plainWord = (s: string) =>
  (s.trim().split(/\s+/)[0] ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** 'vicente.araya' of 'Vicente Andrés' 'Araya Soto', cut to `max` characters (never ending in a dot). */
function usuarioStem(nombre: string, apellido: string, max = USUARIO_MAX): string {
  const stem = [plainWord(nombre), plainWord(apellido)].filter(Boolean).join(".") || "estudiante";
  return stem.slice(0, max).replace(/\.+$/, "");
}

/** The n-th proposal for a name: the stem, then the stem shortened to make room for n ('vicente.araya2'). */
export function usuarioCandidate(nombre: string, apellido: string, n: number): string {
  if (n <= 1) return usuarioStem(nombre, apellido);
  const suffix = String(n);
  return `${usuarioStem(nombre, apellido, USUARIO_MAX - suffix.length)}${suffix}`;
}
