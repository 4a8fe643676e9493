// The summary's months: calendar months in Chile's time (America/Santiago), as the database's
// triggers bucket enrolments and certificates (the LocalMonth table, migration local_months;
// decision 013): an enrolment at 22:00 on 31 March in Osorno counts in March.

/** The academy's time zone: the Resumen's months are its calendar months. */
const TIME_ZONE = "America/Santiago";

const MONTH = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit" });

/** 'YYYY-MM' of an instant, in Chile's time. */
export function monthKey(date: Date): string {
  const parts = MONTH.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
}

/** 'YYYY-MM' of a year and a month (1–12, any integer: 0 is the previous December). */
function keyOf(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The last `count` months up to and including the one `now` is in, the oldest first. */
export function lastMonths(now: Date, count = 12): string[] {
  const [year, month] = monthKey(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => keyOf(year, month - (count - 1 - i)));
}

const MINUTE = 60_000;

/**
 * The instant a month begins in Chile's time (its first local minute): the rows of the
 * LocalMonth table the triggers read. Offsets change on whole minutes, so a search by minutes
 * within the first 14 hours of the month's 1st in UTC (local time is behind UTC) is exact.
 */
export function monthStart(year: number, month: number): Date {
  const key = keyOf(year, month);
  let lo = Date.UTC(year, month - 1, 1) / MINUTE; // still the previous month locally
  let hi = lo + 14 * 60; // already this month locally
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (monthKey(new Date(mid * MINUTE)) === key) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE);
}

const SHORT = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const LONG = new Intl.DateTimeFormat("es-CL", { timeZone: "UTC", month: "long", year: "numeric" });

/** 'nov' (a chart's axis) or 'noviembre de 2026' (a table's row) for '2026-11'. */
export function monthLabel(key: string, form: "short" | "long" = "long"): string {
  const [year = NaN, month = NaN] = key.split("-").map(Number);
  if (form === "short") return SHORT[month - 1] ?? key;
  return Number.isInteger(year) && month >= 1 && month <= 12 ? LONG.format(Date.UTC(year, month - 1, 1)) : key;
}
