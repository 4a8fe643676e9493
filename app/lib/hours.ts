// A course's length in hours as the product writes it: "1 hora", "2,5 horas", "1.200 horas"
// (es-CL: "." groups thousands, "," before decimals; the course form takes at most two decimals).
// Written out by hand, not with Intl: a page's first Intl.NumberFormat for es-CL loads the locale's
// data, about 25 ms of a slow phone's main thread while the catalog hydrates (about 100 ms in
// Lighthouse's 4× slower model). hours.test.ts checks it against Intl.
export function formatHours(hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return null;
  return `${formatDecimal(hours)} ${hours === 1 ? "hora" : "horas"}`;
}

/** A non-negative number with at most two decimals, as es-CL writes it. */
export function formatDecimal(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  // es-CL groups from four digits on ("1.200"), like Intl.NumberFormat("es-CL").
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${value < 0 && cents > 0 ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/**
 * An enrolled course's length as the learner's card writes it ('Mis cursos'): hours as
 * formatHours ("12,5 horas", as the course page), a number typed as text likewise, other text as
 * it is, nothing as 'Duración no indicada'.
 */
export function formatDuration(duracion: number | string | null | undefined): string {
  const text = typeof duracion === "string" ? duracion.trim() : duracion;
  if (text === null || text === undefined || text === "") return "Duración no indicada";
  if (typeof text === "number") return formatHours(text) ?? "Duración no indicada";
  return /^\d+([.,]\d+)?$/.test(text) ? (formatHours(Number(text.replace(",", "."))) ?? text) : text;
}
