// The HTTP methods the academy answers. Anything else (TRACE, TRACK, PROPFIND, MKCOL, SEARCH…)
// stops here with 405 and an Allow header, before React Router sees it: the Fetch Request the
// adapter builds throws on TRACE/TRACK (→ a 500 with a stack trace in the log), and React Router
// refuses other unknown methods with a logged "Invalid request method" error. Methods Node's
// parser does not know at all (e.g. FOO) never get here: Node answers 400 itself; CONNECT has
// no listener, so Node closes the connection.
import type { RequestHandler } from "express";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const MESSAGE = "Método no permitido.";

export const allowedMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED.has(req.method)) return next();
  res.status(405).set("Allow", ALLOWED_METHODS.join(", ")).set("Cache-Control", "no-store");
  // The API answers errors as JSON { error } (SPEC §7); pages as text.
  if (req.path === "/api" || req.path.startsWith("/api/")) res.json({ error: MESSAGE });
  else res.type("text/plain; charset=utf-8").send(MESSAGE);
};
