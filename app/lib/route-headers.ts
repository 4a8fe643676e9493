// Response headers a page's action or loader sets that React Router would otherwise drop on a
// document request (without a route `headers` export only Set-Cookie passes through).
import type { HeadersFunction } from "react-router";

const KEPT = ["Retry-After"] as const;

/** A route `headers` export that keeps `Retry-After` from the action or loader (a 429 says when to retry). */
export const keepRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of KEPT) {
    const value = actionHeaders.get(name) ?? errorHeaders?.get(name) ?? loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
