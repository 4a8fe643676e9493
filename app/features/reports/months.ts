// The summary's months: calendar months in UTC, as the database's triggers bucket enrolments
// and certificates ('YYYY-MM', the stored ISO date's first seven characters; decision 013).

/** 'YYYY-MM' of an instant, in UTC. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The last `count` months up to and including the one `now` is in, the oldest first. */
export function lastMonths(now: Date, count = 12): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => monthKey(new Date(Date.UTC(year, month - (count - 1 - i), 1))));
}

const SHORT = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const LONG = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** 'nov' (a chart's axis) or 'noviembre de 2026' (a table's row) for '2026-11'. */
export function monthLabel(key: string, form: "short" | "long" = "long"): string {
  const [year, month] = key.split("-").map(Number);
  const index = (month ?? 1) - 1;
  return form === "short" ? (SHORT[index] ?? key) : `${LONG[index] ?? key} de ${year}`;
}
