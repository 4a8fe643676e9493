// Wall-clock times in Chile (America/Santiago) and the instants they name: a due date is typed
// as Chile's date and time ('2026-12-05T23:59', a datetime-local field) and stored as UTC
// (docs/product.md#due-dates). Chile changes its clocks twice a year, so the offset is asked of
// Intl's time-zone rules for that very moment, never assumed.
const TZ = "America/Santiago";

let partsFmt: Intl.DateTimeFormat | undefined;

/** Chile's wall clock at an instant: [year, month (1-12), day, hour, minute]. */
function chileParts(at: Date): [number, number, number, number, number] {
  partsFmt ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const get = (type: string) => Number(partsFmt!.formatToParts(at).find((p) => p.type === type)?.value);
  return [get("year"), get("month"), get("day"), get("hour"), get("minute")];
}

/** Minutes Chile is ahead of UTC at an instant (negative: -180 in summer, -240 in winter). */
function offsetMinutes(at: Date): number {
  const [y, mo, d, h, mi] = chileParts(at);
  return (Date.UTC(y, mo - 1, d, h, mi) - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::00(?:\.0+)?)?$/;

/**
 * The instant a Chile wall-clock time names ('YYYY-MM-DDTHH:mm'); "invalid" when it is no such
 * text or no such time. A time the clocks skip (the spring change: 00:00–00:59 does not exist)
 * is read an hour later (00:30 is 01:30); a time that happens twice (the autumn change) as the
 * first, the earlier instant, so a due date never comes later than typed.
 */
export function chileLocalToUtc(text: string): Date | "invalid" {
  const m = LOCAL.exec(text.trim());
  if (!m) return "invalid";
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || y < 1970 || y > 2200) return "invalid";
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(asUtc).getUTCDate() !== d) return "invalid"; // 2026-02-31
  // Try the offsets in force just around that wall time; keep the earliest instant that shows it.
  const candidates = new Set([
    offsetMinutes(new Date(asUtc - 12 * 3_600_000)),
    offsetMinutes(new Date(asUtc + 12 * 3_600_000)),
  ]);
  const matches = [...candidates]
    .map((off) => new Date(asUtc - off * 60_000))
    .filter((at) => chileLocalInput(at) === `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`)
    .sort((a, b) => a.getTime() - b.getTime());
  if (matches[0]) return matches[0];
  // Skipped by the clock change: read under the offset before it, which is the hour after.
  return new Date(asUtc - Math.min(...candidates) * 60_000);
}

/** An instant as Chile's wall clock, 'YYYY-MM-DDTHH:mm' (a datetime-local field's value). */
export function chileLocalInput(at: Date): string {
  const [y, mo, d, h, mi] = chileParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}`;
}

/** An instant as Chile's date and time, '05-12-2026, 23:59' (docs/product.md#dates), for the server to send ready. */
export function formatChileDateTime(at: Date): string {
  const [date, time] = chileLocalInput(at).split("T") as [string, string];
  const [y, mo, d] = date.split("-");
  return `${d}-${mo}-${y}, ${time}`;
}

/**
 * 'Atrasado' (docs/product.md#due-dates): the due date has passed and this learner has not
 * passed the module's quiz. A module without a quiz has nothing to pass, so it is never late.
 */
export function isOverdue(m: { fechaLimite: Date | null; tieneQuiz: boolean; aprobado: boolean }, now: Date): boolean {
  return m.fechaLimite !== null && m.tieneQuiz && !m.aprobado && m.fechaLimite.getTime() <= now.getTime();
}
