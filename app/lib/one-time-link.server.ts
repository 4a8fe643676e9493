// The answers of a page behind a single-use link (an address to confirm, a guardian's consent,
// notices to stop): opening it changes nothing and says 404 when the link is not (or no longer)
// valid; the button's POST says what happened.
import { data } from "react-router";
import type { Result } from "./failure.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/** The loader's answer: what the page shows, 200 when the link is live, else 404; never cached. */
export function linkPageAnswer<T extends object>(value: T, live: boolean) {
  return data(value, { status: live ? 200 : 404, headers: NO_STORE });
}

/**
 * The action's answer. Success carries its own 200: after an action the loader runs again and,
 * the link now used, answers 404; without a status of its own the page that says it worked would
 * go out as 404.
 */
export function linkActionAnswer(outcome: Result<{ message: string }>) {
  return outcome.ok
    ? data({ ok: true as const, message: outcome.message }, { status: 200, headers: NO_STORE })
    : data({ ok: false as const, message: outcome.message }, { status: outcome.status, headers: NO_STORE });
}
