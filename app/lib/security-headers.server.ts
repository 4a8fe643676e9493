// Headers for every HTML document (see also server/index.ts for the ones on every response).
import { env } from "./env.server.ts";

export function contentSecurityPolicy(nonce: string): string {
  const mapOrigin = originOf(env().MAP_EMBED_URL);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'self'",
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

export function applyDocumentHeaders(headers: Headers, nonce: string) {
  if (process.env.NODE_ENV === "production") {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  headers.set("X-Frame-Options", "DENY");
  // nosniff, Referrer-Policy, COOP and HSTS are set on every response by server/index.ts.
  // A page may be personal (a panel, a signed-in header): never kept by the browser or a proxy,
  // so "Back" after "Salir" on a shared lab computer shows nothing of the last person. The
  // anonymous catalog pages the page cache replays say `no-cache` instead (page-cache.server.ts).
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}
