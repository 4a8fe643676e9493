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
  if ((api ? API : PAGES).has(req.method) && req.method !== "OPTIONS") return next();
  // Only on the answers given here: set before next(), it also reached every page, file and
  // hashed asset (express.static keeps a Cache-Control already set), so nothing was ever cached.
  res.set("Cache-Control", "no-store");
  if (req.method === "OPTIONS") {
    res.status(204).set("Allow", allowed.join(", ")).end();
    return;
  }
  res.status(405).set("Allow", allowed.join(", "));
  // The API answers errors as JSON { error } (SPEC §7); pages as text.
  if (api) res.json({ error: MESSAGE });
  else res.type("text/plain; charset=utf-8").send(MESSAGE);
};
