// The one failure type services answer with: an HTTP status, the Spanish message the user
// sees, optionally the form field it belongs to and a machine `reason` for callers that branch.
// Services return `Result<T>` (`ok(...)` / `fail(...)`) or, where an early exit reads better,
// throw a FailureError (`raise(...)`). Two adapters turn a Failure into an answer: the /api JSON
// `{ error }` (apiFailure in api.server.ts, applied by handleApi to anything thrown here) and a
// Conform form reply (formReply below). Plain module: no server-only imports.
import type { SubmissionResult } from "@conform-to/react";

export type Failure<R extends string = string> = {
  ok: false;
  status: number;
  message: string;
  /** The form field the message belongs to; none = a message for the whole form. */
  field?: string;
  /** What went wrong, for callers that act on it (redirect to login, 404 page…). */
  reason?: R;
  /** For a 429: when to try again (both adapters send it as `Retry-After`). */
  retryAfterSeconds?: number;
};

export type Ok<T extends object = object> = { ok: true } & T;

/**
 * A service's answer: `{ ok: true, ...value }` or a Failure (extended with data where a caller
 * needs it, e.g. `Failure & { unanswered: number[] }`).
 */
export type Result<T extends object = object, F extends Failure = Failure> = Ok<T> | F;

export function ok(): Ok;
export function ok<T extends object>(value: T): Ok<T>;
export function ok<T extends object>(value?: T): Ok<T> {
  return { ...(value as T), ok: true };
}

export function fail<R extends string = never>(
  status: number,
  message: string,
  extra?: { field?: string; reason?: R; retryAfterSeconds?: number },
): Failure<R> {
  const failure: Failure<R> = { ok: false, status, message };
  if (extra?.field !== undefined) failure.field = extra.field;
  if (extra?.reason !== undefined) failure.reason = extra.reason;
  if (extra?.retryAfterSeconds !== undefined) failure.retryAfterSeconds = extra.retryAfterSeconds;
  return failure;
}

/** The HTTP headers a Failure carries (`Retry-After` for a 429), for either adapter. */
export function failureHeaders(failure: Pick<Failure, "retryAfterSeconds">): Record<string, string> {
  return failure.retryAfterSeconds ? { "Retry-After": String(Math.max(1, Math.ceil(failure.retryAfterSeconds))) } : {};
}

/** A Failure as an exception, for guard-like early exits. */
export class FailureError extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.message);
    this.name = "FailureError";
    this.failure = failure;
  }
  get status() {
    return this.failure.status;
  }
}

export function raise(failure: Failure): never {
  throw new FailureError(failure);
}

function isFailure(value: unknown): value is Failure {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return v.ok === false && typeof v.status === "number" && typeof v.message === "string";
}

/** A thrown FailureError or plain Failure, else null. */
export function asFailure(error: unknown): Failure | null {
  if (error instanceof FailureError) return error.failure;
  return isFailure(error) ? error : null;
}

type ReplyOptions = {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
  resetForm?: boolean;
};

/**
 * The Conform adapter: a Failure as the form's lastResult, its message under its field or,
 * without one, for the whole form. `options` pass through (hideFields for passwords…).
 */
export function formReply(
  submission: { reply(options?: ReplyOptions): SubmissionResult<string[]> },
  failure: Pick<Failure, "message" | "field">,
  options: Omit<ReplyOptions, "formErrors" | "fieldErrors"> = {},
): SubmissionResult<string[]> {
  return failure.field
    ? submission.reply({ ...options, fieldErrors: { [failure.field]: [failure.message] } })
    : submission.reply({ ...options, formErrors: [failure.message] });
}
