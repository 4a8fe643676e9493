// Record ids as this app makes them: Prisma's cuid() (25 lowercase letters and digits) and, for
// the seed's extra participants, crypto.randomUUID() (36 characters with hyphens). A request
// value that should be an id (a route's :id, a form's moduloId…) is checked against this shape
// before it is used: it often ends up in a redirect's Location (…/edit/{id}#modulo-{moduloId}),
// and a header cannot hold a line break, NUL or non-Latin-1 text (Headers.set throws → 500) and
// should not echo kilobytes of input. Anything else is no record of ours: a 404 or the editor's
// "no longer exists", exactly like an unknown id. Free of Zod and server code.
import { invariantResponse } from "./invariant.ts";

const RECORD_ID = /^[a-z0-9-]{1,64}$/i;

/** True when `value` has the shape of one of our ids (safe in a URL, a header or an anchor). */
export function isRecordId(value: unknown): value is string {
  return typeof value === "string" && RECORD_ID.test(value);
}

/** The id, or a thrown 404 with the route's Spanish message (React Router shows its error page). */
export function recordIdOr404(value: string | undefined, message: string): string {
  invariantResponse(isRecordId(value), message, { status: 404 });
  return value;
}
