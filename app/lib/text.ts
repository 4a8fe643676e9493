// The one rule for text people send (names, titles, e-mails, subjects, messages, descriptions):
// no C0 control characters (U+0000–U+001F) and no DEL (U+007F). They are invisible, break
// e-mail headers, CSV exports and PDFs, and a NUL truncates the text in some clients. A line
// break or a tab is a control character too: it is kept only where the field is multi-line
// (a textarea); in a one-line field it is refused like the rest. Every schema applies one of
// the two helpers below, so the forms and the /api routes refuse the same texts with the same
// message. Server only (Zod stays out of browser bundles).
import type { z } from "zod";

export const TEXT_NOT_ALLOWED = "El texto contiene caracteres no permitidos.";

/** Any C0 control character or DEL: line feed, carriage return and tab included. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, except the ones a multi-line text is made of: tab, line feed, carriage return. */
// eslint-disable-next-line no-control-regex -- idem
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when `value` may be stored as a one-line text. */
export function isSingleLineText(value: string): boolean {
  return !CONTROL.test(value);
}

/** True when `value` may be stored as a multi-line text (line breaks and tabs allowed). */
export function isMultiLineText(value: string): boolean {
  return !CONTROL_BUT_LINE_BREAKS.test(value);
}

/** A one-line text field: any control character, line breaks and tabs included, is refused. */
export function singleLineText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isSingleLineText, TEXT_NOT_ALLOWED);
}

/** A multi-line text field: line breaks and tabs are kept; any other control character is refused. */
export function multiLineText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isMultiLineText, TEXT_NOT_ALLOWED);
}

const EXCERPT_CHARS = 120;

/** The start of a text on one line, for a list (inbox, outbox): the whole text is shown when opened. */
export function excerpt(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : line;
}
