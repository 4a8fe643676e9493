// The one rule for text people send (names, titles, e-mails, subjects, messages, descriptions):
// no C0 control characters (U+0000–U+001F), no DEL (U+007F) and no C1 control characters
// (U+0080–U+009F, NEL U+0085 among them). They are invisible, break e-mail headers, CSV exports
// and PDFs, and a NUL truncates the text in some clients. A line break or a tab is a control
// character too: it is kept only where the field is multi-line (a textarea); in a one-line field
// it is refused like the rest, and so are the Unicode line and paragraph separators
// (U+2028, U+2029) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), which make a name or a subject read backwards ('‮gpj.exe' spoofing) in lists,
// e-mail subjects and certificates. A multi-line text (a message, a question, an announcement)
// keeps its line breaks and tabs but refuses the rest, the bidirectional controls included: shown
// on one line in an inbox, a notification or a mail, an override there reverses what follows
// just the same. A person's name also refuses the zero-width characters (U+200B–U+200D, U+2060,
// U+FEFF, U+180E), which make two names that read alike compare different. Every schema applies
// one of the helpers below, so the forms and the /api routes refuse the same texts with the same
// message. Server only (Zod stays out of browser bundles).
import type { z } from "zod";

export const TEXT_NOT_ALLOWED = "El texto contiene caracteres no permitidos.";

/** Any C0 or C1 control character or DEL (line feed, carriage return and tab included), the
 * Unicode line and paragraph separators and the bidirectional embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** C0 controls but the ones a multi-line text is made of (tab, line feed, carriage return), DEL, C1,
 * the line and paragraph separators and the bidirectional embeddings, overrides and isolates. */
const CONTROL_BUT_LINE_BREAKS =
  // eslint-disable-next-line no-control-regex -- idem
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The bidirectional embeddings, overrides and isolates alone. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Zero-width characters: invisible in a name. */
const ZERO_WIDTH = /[\u180e\u200b-\u200d\u2060\ufeff]/;

/** True when `value` may be stored as a one-line text. */
export function isSingleLineText(value: string): boolean {
  return !CONTROL.test(value);
}

/** True when `value` may be stored as a multi-line text (line breaks and tabs allowed). */
export function isMultiLineText(value: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS.test(value);
}

/** True when `value` may be stored as a person's name: one line, no zero-width characters. */
export function isNameText(value: string): boolean {
  return isSingleLineText(value) && !ZERO_WIDTH.test(value);
}

/** A one-line text field: any control character, line breaks and tabs included, is refused. */
export function singleLineText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isSingleLineText, TEXT_NOT_ALLOWED);
}

/** A person's name (nombre, apellido, a guardian's or a contact's name): one line, nothing invisible. */
export function nameText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isNameText, TEXT_NOT_ALLOWED);
}

/** A multi-line text field: line breaks and tabs are kept; any other control character is refused. */
export function multiLineText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isMultiLineText, TEXT_NOT_ALLOWED);
}

const EXCERPT_CHARS = 120;

/** The start of a text on one line, for a list (inbox, outbox): the whole text is shown when opened. */
export function excerpt(content: string): string {
  // A text stored before multi-line texts refused bidirectional controls loses them here.
  const line = content.replace(BIDI_CONTROLS, "").replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : line;
}
