// Dates are shown in es-CL, time zone America/Santiago (docs/product.md#dates).
const TZ = "America/Santiago";

// Made on first use, not when a page's modules load: the first Intl date format with a time zone
// loads the locale's and the zone's data, tens of milliseconds of a slow phone's main thread.
let dateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: Date | string | number | null | undefined, fallback = "Sin fecha"): string {
  const d = toDate(value);
  dateFmt ??= new Intl.DateTimeFormat("es-CL", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" });
  return d ? dateFmt.format(d) : fallback;
}

export function formatDateTime(value: Date | string | number | null | undefined, fallback = "Sin fecha"): string {
  const d = toDate(value);
  dateTimeFmt ??= new Intl.DateTimeFormat("es-CL", {
    timeZone: TZ,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return d ? dateTimeFmt.format(d) : fallback;
}

/**
 * A calendar date stored at noon UTC (birth dates, course dates): shown without a zone shift, as
 * es-CL writes it ("05-03-2026"). Written out by hand (no zone to convert): the course page
 * hydrates without loading any Intl data (dates.test.ts checks it against Intl).
 */
export function formatCalendarDate(value: Date | string | null | undefined, fallback = "Sin fecha"): string {
  const d = toDate(value);
  if (!d) return fallback;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${String(d.getUTCFullYear()).padStart(4, "0")}`;
}
