// The HTTP methods the academy answers, decided before React Router sees the request.
// - Unknown methods (TRACE, PROPFIND, MKCOL, SEARCH…) → 405 with Allow: the Fetch Request the
//   adapter builds throws on TRACE/TRACK (→ a 500 with a stack trace in the log), and React
//   Router refuses other unknown methods with a logged "Invalid request method" error.
// - Pages take GET, HEAD and POST only (forms post; the JSON API under /api also takes PUT,
//   PATCH and DELETE): a PUT or DELETE on a page is a 405 here instead of a logged error.
// - OPTIONS (no CORS: the API is same-origin or Bearer) → 204 with Allow.
// Methods Node's parser does not know at all (e.g. FOO) never get here: Node answers 400
// itself; CONNECT has no listener, so Node closes the connection.
import type { RequestHandler } from "express";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const PAGE_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const API = new Set<string>(ALLOWED_METHODS);
const PAGES = new Set<string>(PAGE_METHODS);
const MESSAGE = "Método no permitido.";

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

export const allowedMethods: RequestHandler = (req, res, next) => {
  const api = isApi(req.path);
  const allowed = api ? ALLOWED_METHODS : PAGE_METHODS;
  // Only the guard's own answers get its Cache-Control: one set for every request was sent
  // again beside the app's own (React Router appends headers), so pages and files went out with
  // two (`no-store` and theirs), and express.static keeps one already set, so the hashed /assets
  // were never cached despite `immutable`: no browser could keep or revalidate anything.
  if (req.method === "OPTIONS") {
    res
      .status(204)
      .set({ Allow: allowed.join(", "), "Cache-Control": "no-store" })
      .end();
    return;
  }
  if ((api ? API : PAGES).has(req.method)) return next();
  res.status(405).set({ Allow: allowed.join(", "), "Cache-Control": "no-store" });
  // The API answers errors as JSON { error } (docs/product.md#api-conventions); pages as text.
  if (api) res.json({ error: MESSAGE });
  else res.type("text/plain; charset=utf-8").send(MESSAGE);
};
