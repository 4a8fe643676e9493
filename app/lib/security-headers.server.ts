// Headers for every HTML document (see also server/index.ts for the ones on every response).
import { env } from "./env.server.ts";

/** What a page's document may need beyond the default policy (a route's `handle.csp`). */
export type PageCsp = { /** `<object>`/`<embed>` of our own files: the course page's PDF viewer. */ objects?: boolean };

/** The policy a document's matched routes ask for (their `handle.csp`, merged). */
export function pageCspOf(handles: unknown[]): PageCsp {
  const objects = handles.some((h) => (h as { csp?: PageCsp } | undefined)?.csp?.objects === true);
  return { objects };
}

/**
 * The document's CSP. `object-src` is 'none' except on the course page, whose embedded PDF viewer
 * is an `<object>` with an `<embed>` fallback (the specification's viewer) of our own files,
 * each served with `Content-Security-Policy: sandbox`. A client-side navigation keeps the first
 * document's policy, so the course page's 'Ver PDF' link loads a document of its own.
 */
export function contentSecurityPolicy(nonce: string, page: PageCsp = {}): string {
  const mapOrigin = originOf(env().MAP_EMBED_URL);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    page.objects ? "object-src 'self'" : "object-src 'none'",
    `frame-src 'self'${mapOrigin ? ` ${mapOrigin}` : ""}`,
    "worker-src 'self' blob:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

function originOf(url: string | undefined) {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

export function applyDocumentHeaders(headers: Headers, nonce: string, page: PageCsp = {}) {
  if (process.env.NODE_ENV === "production") {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, page));
  }
  headers.set("X-Frame-Options", "DENY");
  // nosniff, Referrer-Policy, COOP and HSTS are set on every response by server/index.ts.
  // A page may be personal (a panel, a signed-in header): never kept by the browser or a proxy,
  // so "Back" after "Salir" on a shared lab computer shows nothing of the last person. The
  // anonymous catalog pages the page cache replays say `no-cache` instead (lib/page-cache.server.ts).
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}
