import crypto from "node:crypto";
import { serviceWorkerScript } from "~/features/offline/offline.server.ts";
import type { Route } from "./+types/sw";

// /sw.js: the offline service worker (docs/decisions/014-offline-course-material.md), at the root so
// that its scope is the whole site. Browsers check it for a new version after navigations (they
// bypass the HTTP cache for it): the ETag makes an unchanged worker a 304 of a few bytes.
export function loader({ request }: Route.LoaderArgs) {
  const script = serviceWorkerScript();
  const etag = `"${crypto.createHash("sha256").update(script).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "no-cache",
    ETag: etag,
    // The worker fetches only from this site.
    "Content-Security-Policy": "default-src 'self'",
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(script, { headers });
}
