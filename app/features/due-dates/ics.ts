// An iCalendar feed (RFC 5545) of due dates: CRLF line ends, lines folded at 75 octets (a
// UTF-8 character never split), TEXT values escaped (\\ ; , and newlines), DTSTAMP in UTC ('Z').
// Each due date is an all-day event on its Chile date (DTEND the next day: an event must end after
// it starts, §3.8.2.2), the time in its description: calendars show a deadline on its day, and a
// VTODO's DUE is ignored by subscribed calendars (Google's among them).
// Pure: the feed route and the tests read the same text.
import { chileLocalInput } from "~/lib/chile-time.ts";

export type CalendarEvent = {
  /** Stable across renders and renewals: the calendar updates the event instead of adding one. */
  uid: string;
  /** The due instant: the event is its Chile date. */
  due: Date;
  summary: string;
  description?: string;
  url: string;
};

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A content line folded at 75 octets (§3.1): each further piece starts with a space. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets; the following ones 74 after their leading space.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

/** An instant as an iCalendar UTC date-time: 20261206T025900Z. */
function icsDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The Chile date of an instant and the day after it, as iCalendar DATE values: 20261205, 20261206. */
function chileDay(at: Date): { day: string; next: string } {
  const [y, m, d] = chileLocalInput(at).slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = (offset: number) =>
    new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10).replace(/-/g, "");
  return { day: date(0), next: date(1) };
}

export function buildCalendar(events: readonly CalendarEvent[], opts: { name: string; now: Date }): string {
  const stamp = icsDateTime(opts.now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Academia//Fechas limite//ES",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    "X-WR-TIMEZONE:America/Santiago",
  ];
  for (const e of events) {
    const { day, next } = chileDay(e.due);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${day}`,
      `DTEND;VALUE=DATE:${next}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      `URL:${e.url}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
