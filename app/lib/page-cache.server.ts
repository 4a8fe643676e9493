// The catalog pages every anonymous visitor sees alike (/, /cursos, an audience list, a course page)
// are kept in memory while the catalog stamp holds, for at most PAGE_CACHE_S seconds: only
// document GETs without our cookies or a token, only 200 HTML that sets no cookie. A replay is the
// same bytes (inline scripts allowed by hash, not nonce), compressed once, with an ETag (decision 010).
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareFunction } from "react-router";
import { catalogVersion } from "./db/catalog-stamp.server.ts";
import { env } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { countPageCache } from "~/lib/metrics.server.ts";

type Encoding = "br" | "gzip";

type Entry = {
  body: Buffer;
  /** The body compressed once; filled in shortly after the render. */
  encoded: Partial<Record<Encoding, Buffer>>;
  compressed: Promise<void>;
  status: number;
  headers: [string, string][];
  etag: string;
  version: number;
  at: number;
};

const MAX_ENTRIES = 500;
const entries = new Map<string, Entry>();

// "/", "/cursos", "/cursos/dirigido/{tipo}", "/cursos/{cursoId}": nothing deeper (quizzes, files).
const CACHEABLE_PATH = /^\/(?:cursos(?:\/dirigido)?(?:\/[A-Za-z0-9_-]{1,64})?)?$/;
const OUR_COOKIES = /(?:^|;\s*)(?:__Host-)?academia_/;

/** The cache key of a request that may be served from the cache, or null. */
export function pageCacheKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Authorization")) return null;
  if (OUR_COOKIES.test(request.headers.get("Cookie") ?? "")) return null;
  const url = new URL(request.url);
  if (!CACHEABLE_PATH.test(url.pathname)) return null; // also leaves out ".data" requests
  // Only a page number and the page links' cursor (lib/keyset.ts): any other query renders
  // without the cache (and cannot flood it; the cache is bounded anyway).
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (kept.has(name) || !(PAGE_PARAMS[name]?.test(value) ?? false)) return null;
    kept.set(name, name === "page" ? String(Number(value)) : value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

const PAGE_PARAMS: Record<string, RegExp> = {
  page: /^\d{1,6}$/,
  desde: /^\d{1,15}_[A-Za-z0-9_-]{1,64}$/,
  antes: /^\d{1,15}_[A-Za-z0-9_-]{1,64}$/,
};

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page without its nonce and the CSP that allows its inline scripts by hash instead, or
 * null when that cannot be done safely (a script loaded by src, a nonce left elsewhere).
 * Without a CSP (development) the page is kept as it is.
 */
export function withScriptHashes(html: string, csp: string | null): { html: string; csp: string | null } | null {
  const nonce = csp ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  if (!csp || !nonce) return { html, csp };
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) return null;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content!, "utf8").digest("base64")}'`);
  }
  const page = html.replaceAll(` nonce="${nonce}"`, "");
  if (page.includes(nonce)) return null;
  return { html: page, csp: csp.replace(`'nonce-${nonce}'`, [...hashes].join(" ") || "'none'") };
}

/** The encoding to send of those a stored page has, by the request's Accept-Encoding. */
export function pickEncoding(acceptEncoding: string | null, available: readonly Encoding[]): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get("*") ?? 0;
  const usable = available.filter((encoding) => quality(encoding) > 0);
  // Brotli first when the browser takes both equally (smaller), as the compression middleware does.
  usable.sort((a, b) => quality(b) - quality(a) || (a === "br" ? -1 : 1));
  return usable[0] ?? null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses a stored page once, off the main thread; replays send these bytes as they are. */
async function compress(entry: Entry) {
  try {
    const [br, gz] = await Promise.all([
      brotli(entry.body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
        },
      }),
      gzip(entry.body, { level: 9 }),
    ]);
    entry.encoded = { br, gzip: gz };
  } catch (error) {
    // The page is still served, compressed per response by the server's middleware.
    log.error({ err: error }, "Caché de páginas: no se pudo comprimir");
  }
}

function matchesEtag(request: Request, etag: string) {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

function replay(entry: Entry, request: Request, state: "hit" | "miss") {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("X-Page-Cache", state);
  headers.append("Vary", "Accept-Encoding");
  if (matchesEtag(request, entry.etag)) return new Response(null, { status: 304, headers });
  const encoding = pickEncoding(request.headers.get("Accept-Encoding"), Object.keys(entry.encoded) as Encoding[]);
  const body = encoding ? entry.encoded[encoding]! : entry.body;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: entry.status, headers });
}

function remember(key: string, entry: Entry) {
  if (entries.size >= MAX_ENTRIES && !entries.has(key)) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.delete(key); // re-inserted last: the map's order is the age order
  entries.set(key, entry);
}

/** Root middleware: serves anonymous catalog pages from memory while they are current. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const ttlMs = env().PAGE_CACHE_S * 1000;
  const key = ttlMs > 0 ? pageCacheKey(request) : null;
  if (!key) return next();
  const version = await catalogVersion();
  const cached = entries.get(key);
  if (cached && cached.version === version && Date.now() - cached.at < ttlMs) {
    countPageCache("catalog", "hit");
    return replay(cached, request, "hit");
  }
  countPageCache("catalog", "miss");

  const response = await next();
  const cacheable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!cacheable) return response;
  const rendered = await response.text();
  const frozen = withScriptHashes(rendered, response.headers.get("Content-Security-Policy"));
  if (!frozen) return new Response(rendered, { status: response.status, headers: response.headers });

  const headers = new Headers(response.headers);
  if (frozen.csp) headers.set("Content-Security-Policy", frozen.csp);
  // The same public page for every visitor: a browser may keep it, asking each time whether it
  // changed (its ETag), so a returning visitor on a slow connection gets a 304.
  headers.set("Cache-Control", "no-cache");
  headers.delete("Content-Length");
  const body = Buffer.from(frozen.html, "utf8");
  const entry: Entry = {
    body,
    encoded: {},
    compressed: Promise.resolve(),
    status: response.status,
    headers: [...headers],
    etag: `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    version,
    at: Date.now(),
  };
  remember(key, entry);
  entry.compressed = compress(entry);
  return replay(entry, request, "miss");
};

/** Drops every cached page (tests). */
export function clearPageCache() {
  entries.clear();
}

/** Waits until every stored page has its compressed forms (tests). */
export async function pageCacheSettled() {
  await Promise.all([...entries.values()].map((entry) => entry.compressed));
}
