import { serviceWorkerScript } from "~/features/offline/offline.server.ts";

// /sw.js: the offline service worker (docs/decisions/012-offline-course-material.md), at the root so
// that its scope is the whole site. Browsers look for a new version at every navigation (they
// bypass the HTTP cache for it); no-cache keeps proxies from serving an old one.
export function loader() {
  return new Response(serviceWorkerScript(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      // The worker fetches only from this site.
      "Content-Security-Policy": "default-src 'self'",
    },
  });
}
