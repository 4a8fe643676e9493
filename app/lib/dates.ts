// Dates are shown in es-CL, time zone America/Santiago (docs/product.md#dates).
const TZ = "America/Santiago";

const dateFmt = new Intl.DateTimeFormat("es-CL", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("es-CL", {
  timeZone: TZ,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: Date | string | number | null | undefined, fallback = "Sin fecha"): string {
  const d = toDate(value);
  return d ? dateFmt.format(d) : fallback;
}

export function formatDateTime(value: Date | string | number | null | undefined, fallback = "Sin fecha"): string {
  const d = toDate(value);
  return d ? dateTimeFmt.format(d) : fallback;
}

/** A calendar date stored at noon UTC (birth dates, course dates): shown without a zone shift. */
export function formatCalendarDate(value: Date | string | null | undefined, fallback = "Sin fecha"): string {
  const d = toDate(value);
  if (!d) return fallback;
  return new Intl.DateTimeFormat("es-CL", {
    timeZone: "UTC",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(d);
}
