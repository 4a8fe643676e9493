// Epic Stack's invariantResponse: a loader's or action's "this must exist / be allowed" check
// that, when it does not hold, ends the request with the Spanish message as the error page's
// text (data(message, { status })) for the route's ErrorBoundary.
import { data } from "react-router";

export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) throw data(typeof message === "function" ? message() : message, init);
}
