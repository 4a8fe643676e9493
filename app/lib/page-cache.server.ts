// The public catalog pages an anonymous visitor asks for most (/, /cursos, an audience list, a
// course page) are the same for every anonymous visitor: they are rendered once and kept in
// memory, and served again while the catalog has not changed (catalog-stamp.server.ts) and for
// at most PAGE_CACHE_S seconds (the participant counts they show may lag that long). Only plain
// document GETs without any of our cookies or a token are cached, and only complete 200 HTML
// answers that set no cookie. Each replay gets a fresh CSP nonce: the stored page's nonce (128
// random bits, so it cannot occur by chance elsewhere in the page) is replaced in the page and
// in its Content-Security-Policy.
import crypto from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { catalogVersion } from "./catalog-stamp.server.ts";
import { env } from "./env.server.ts";

type Entry = {
  html: string;
  status: number;
  headers: [string, string][];
  nonce: string | null;
  version: number;
  at: number;
};

const MAX_ENTRIES = 500;
const entries = new Map<string, Entry>();

// "/", "/cursos", "/cursos/dirigido/{tipo}", "/cursos/{id}": nothing deeper (quizzes, files).
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

function replay(entry: Entry) {
  const headers = new Headers(entry.headers);
  let html = entry.html;
  if (entry.nonce) {
    const fresh = crypto.randomBytes(16).toString("base64");
    html = html.replaceAll(entry.nonce, fresh);
    const csp = headers.get("Content-Security-Policy");
    if (csp) headers.set("Content-Security-Policy", csp.replaceAll(entry.nonce, fresh));
  }
  headers.set("X-Page-Cache", "hit");
  return new Response(html, { status: entry.status, headers });
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
  if (cached && cached.version === version && Date.now() - cached.at < ttlMs) return replay(cached);

  const response = await next();
  const cacheable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!cacheable) return response;
  const html = await response.text();
  const nonce = NONCE_IN_CSP.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
  const entry: Entry = {
    html,
    status: response.status,
    headers: [...response.headers],
    nonce,
    version,
    at: Date.now(),
  };
  remember(key, entry);
  const headers = new Headers(response.headers);
  headers.set("X-Page-Cache", "miss");
  return new Response(html, { status: response.status, headers });
};

/** Drops every cached page (tests). */
export function clearPageCache() {
  entries.clear();
}
