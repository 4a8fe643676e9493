// The pages a signed-in learner opens again and again (the catalog, a course, 'Mi panel', 'Mis
// cursos', 'Mis certificados', 'Mensajes') are rendered once per person and served again from
// memory while nothing they show has changed. What they show comes from two places, each with a
// version in the database (CacheStamp):
//   - the catalog ("catalog", bumped by every course write: catalog-stamp.server.ts);
//   - the person's own rows ("user:{id}", bumped by database triggers on every insert, change
//     and delete of their User row, enrolments, quiz attempts, certificates and messages, sent or
//     received, whoever writes: prisma/migrations/*_personal_page_stamps).
// A page is replayed only to the same user (the key starts with the user id the session resolved
// to on this request), only while both versions are the ones it was rendered under, and for at
// most PAGE_CACHE_S seconds (the participant counts on cards may lag that long, as for anonymous
// visitors). Rendering reads the versions first, so a write during the render leaves the entry
// already stale. A GET never changes state (docs/product.md#security), so a replay skips no write.
// Only complete 200 answers that set no cookie are kept; a request carrying a flash message is
// always rendered (the message is shown once). See docs/decisions/017-signed-in-pages.md.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareFunction } from "react-router";
import { getOptionalUser } from "~/features/auth/guards.server.ts";
import { keepOffline, offlineMarkOf } from "~/features/offline/offline.server.ts";
import { stampsOf } from "~/features/site/catalog-stamp.server.ts";
import { env } from "~/lib/env.server.ts";
import { pickEncoding, withScriptHashes } from "~/features/site/page-cache.server.ts";
import { log } from "~/lib/log.server.ts";
import { countPageCache } from "~/lib/metrics.server.ts";

// "/", "/cursos", "/cursos/dirigido/{tipo}", "/cursos/{cursoId}", "/user", "/user/courses",
// "/user/certificates", "/user/messages", and their data requests (client-side navigation).
const PERSONAL_PATH =
  /^\/(?:_root|cursos(?:\/dirigido)?(?:\/[A-Za-z0-9_-]{1,64})?|user(?:\/(?:courses|certificates|messages))?)?$/;
const FLASH_COOKIE = /(?:^|;\s*)(?:__Host-)?academia_flash=/;
const MAX_KEY_LENGTH = 600;

type Entry = {
  /** The page as rendered (without its nonce); dropped once `gzip` holds it. */
  body: Buffer | null;
  gzip: Buffer | null;
  length: number;
  status: number;
  headers: [string, string][];
  catalog: number;
  user: number;
  at: number;
  keep: boolean | null;
  compressing: boolean;
};

const entries = new Map<string, Entry>();
let storedBytes = 0;

function maxBytes() {
  return env().PERSONAL_PAGE_CACHE_MB * 1024 * 1024;
}

/** The key of a request that may be served from the personal cache (without the user), or null. */
export function personalCacheKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Authorization")) return null;
  if (FLASH_COOKIE.test(request.headers.get("Cookie") ?? "")) return null;
  const url = new URL(request.url);
  const path = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  if (!PERSONAL_PATH.test(path)) return null;
  const key = `${url.pathname}${url.search}`;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

function sizeOf(entry: Entry) {
  return (entry.body?.length ?? 0) + (entry.gzip?.length ?? 0);
}

function forget(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  storedBytes -= sizeOf(entry);
  entries.delete(key);
}

function remember(key: string, entry: Entry) {
  forget(key);
  entries.set(key, entry); // inserted last: the map's order is the age order
  storedBytes += sizeOf(entry);
  const limit = maxBytes();
  for (const oldest of entries.keys()) {
    if (storedBytes <= limit) break;
    forget(oldest);
  }
}

const gzip = promisify(zlib.gzip);

/**
 * A page first rendered for a browser that takes no gzip is compressed once, off the main thread,
 * at its first replay, and then kept only compressed (see the middleware for the usual case).
 */
function compressLater(key: string, entry: Entry) {
  if (entry.compressing || !entry.body) return;
  entry.compressing = true;
  gzip(entry.body, { level: 6 }).then(
    (bytes) => {
      if (entries.get(key) !== entry) return;
      storedBytes -= sizeOf(entry);
      entry.gzip = bytes;
      entry.body = null;
      storedBytes += sizeOf(entry);
    },
    (error: unknown) => log.error({ err: error }, "Caché de páginas personales: no se pudo comprimir"),
  );
}

function replay(key: string, entry: Entry, request: Request): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Page-Cache", "personal");
  headers.append("Vary", "Accept-Encoding");
  const gzipped = entry.gzip !== null && pickEncoding(request.headers.get("Accept-Encoding"), ["gzip"]) === "gzip";
  let body: Buffer;
  if (gzipped) {
    body = entry.gzip!;
    headers.set("Content-Encoding", "gzip");
  } else {
    body = entry.body ?? zlib.gunzipSync(entry.gzip!);
    compressLater(key, entry);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: entry.status, headers });
}

/**
 * Root middleware, inside the session and offline middleware: replays a signed-in person's own
 * page while it is current, or renders it and keeps it.
 */
export const personalPageCacheMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const ttlMs = env().PAGE_CACHE_S * 1000;
  const path = ttlMs > 0 && maxBytes() > 0 ? personalCacheKey(args.request) : null;
  if (!path) return next();
  const user = await getOptionalUser(args);
  if (!user) return next();
  const key = `${user.id}\n${path}`;
  const stamps = await stampsOf(user.id);
  const cached = entries.get(key);
  if (cached && cached.catalog === stamps.catalog && cached.user === stamps.user && Date.now() - cached.at < ttlMs) {
    countPageCache("personal", "hit");
    if (cached.keep !== null) keepOffline(args, cached.keep);
    return replay(key, cached, args.request);
  }
  countPageCache("personal", "miss");

  const response = await next();
  const type = response.headers.get("Content-Type") ?? "";
  const html = type.startsWith("text/html");
  const cacheable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (html || type.startsWith("text/x-script")) &&
    response.body !== null;
  if (!cacheable) return response;
  const rendered = await response.text();
  const frozen = html ? withScriptHashes(rendered, response.headers.get("Content-Security-Policy")) : null;
  if (html && !frozen) return new Response(rendered, { status: response.status, headers: response.headers });
  const headers = new Headers(response.headers);
  if (frozen?.csp) headers.set("Content-Security-Policy", frozen.csp);
  headers.delete("Content-Length");
  const body = Buffer.from(frozen ? frozen.html : rendered, "utf8");
  // The answer has to be compressed anyway: when the browser takes gzip, compress it here, once,
  // off the main thread, send those bytes (the compression middleware leaves an encoded answer
  // alone) and keep only them. Replays then cost no compression at all; before, the first render
  // and the first replay were each compressed by the middleware, and the page once more for the
  // cache (measured under bench:sign-in: about a tenth of a learner's server time).
  const gzipped =
    pickEncoding(args.request.headers.get("Accept-Encoding"), ["gzip"]) === "gzip"
      ? await gzip(body, { level: 6 }).catch((error: unknown) => {
          log.error({ err: error }, "Caché de páginas personales: no se pudo comprimir");
          return null;
        })
      : null;
  const entry: Entry = {
    body: gzipped ? null : body,
    gzip: gzipped,
    length: body.length,
    status: response.status,
    headers: [...headers],
    catalog: stamps.catalog,
    user: stamps.user,
    at: Date.now(),
    keep: offlineMarkOf(args),
    compressing: false,
  };
  remember(key, entry);
  if (gzipped) {
    headers.set("Content-Encoding", "gzip");
    headers.append("Vary", "Accept-Encoding");
    headers.set("Content-Length", String(gzipped.length));
    return new Response(new Uint8Array(gzipped), { status: response.status, headers });
  }
  return new Response(new Uint8Array(body), { status: response.status, headers });
};

/** Drops every kept page (tests). */
export function clearPersonalPageCache() {
  entries.clear();
  storedBytes = 0;
}
