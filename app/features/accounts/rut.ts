// The Chilean RUT: a number and a módulo-11 check digit, stored as '12345678-5' so that the unique index sees
// one person once (docs/product.md#rut). Browser-safe.

export const INVALID_RUT = "El RUT no es válido: revisa el número y el dígito verificador.";
export const RUT_TAKEN = "Ese RUT ya pertenece a otra cuenta.";
export const RUT_ADMIN_ONLY = "Solo un administrador puede registrar o corregir el RUT.";

/** The check digit of a RUT's number ('0'–'9' or 'K'), by módulo 11. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? "0" : digit === 10 ? "K" : String(digit);
}

/** A RUT as typed → '12345678-5', or null: thousands dots or none, optional hyphen, right check digit. */
export function normaliseRut(typed: string): string | null {
  const value = typed.trim().toUpperCase();
  const match = /^(\d{1,3}(?:\.\d{3}){0,2}|\d{1,9})-?([\dK])$/.exec(value);
  if (!match) return null;
  const body = match[1]!.replaceAll(".", "");
  if (body.startsWith("0") || body.length > 9) return null;
  const digit = match[2]!;
  return rutCheckDigit(body) === digit ? `${body}-${digit}` : null;
}

/** A stored RUT shown the usual way: '12.345.678-5'. */
export function formatRut(stored: string): string {
  const [body = "", digit = ""] = stored.split("-");
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${digit}`;
}

/** A list's RUT checked: stored form or reason (naming the right digit); `shown` formatted when RUT-shaped. */
export function checkRut(typed: string): { rut: string; shown: string; error: string | null } {
  const rut = normaliseRut(typed);
  if (rut) return { rut, shown: formatRut(rut), error: null };
  const value = typed.trim().toUpperCase();
  const match = /^(\d{1,3}(?:\.\d{3}){0,2}|\d{1,9})-?([\dK])$/.exec(value);
  const body = match?.[1]!.replaceAll(".", "");
  if (!match || !body || body.startsWith("0")) {
    const quoted = value.length > 60 ? `${value.slice(0, 59)}…` : value;
    return { rut: value, shown: quoted, error: `el RUT «${quoted}» no se entiende: escríbelo como 12.345.678-5` };
  }
  const shown = formatRut(`${body}-${match[2]}`);
  const error =
    `el RUT ${shown} no es válido: su dígito verificador no corresponde ` +
    `(para ${formatRut(`${body}-`).slice(0, -1)} es ${rutCheckDigit(body)}); revisa el número y el dígito`;
  return { rut: `${body}-${match[2]}`, shown, error };
}
