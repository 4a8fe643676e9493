// An iCalendar feed (RFC 5545) of due dates: CRLF line ends, lines folded at 75 octets (a
// UTF-8 character never split), TEXT values escaped (\\ ; , and newlines), times in UTC ('Z').
// Pure: the feed route and the tests read the same text.

export type CalendarEvent = {
  /** Stable across renders and renewals: the calendar updates the event instead of adding one. */
  uid: string;
  start: Date;
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
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDateTime(e.start)}`,
      // A due date is a moment: the event lasts no time.
      `DTEND:${icsDateTime(e.start)}`,
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
