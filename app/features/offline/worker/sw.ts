// The service worker (decision 014), compiled by Vite and served as /sw.js. Pages: the network
// first, else a kept copy or the offline page; module files: the kept copy first. It keeps only
// answers the server marked for the signed-in learner, on sw-policy.ts's allow-list, one cache per
// user, and shows them only while the browser holds that user's sign-in (the marker cookie).
import {
  CACHE_PREFIX,
  type CacheEntry,
  cacheName,
  courseToDrop,
  documentUrlOfData,
  inCourse,
  keyOfCache,
  type KeepInfo,
  mayKeep,
  mayServeKept,
  NO_USER,
  offlinePageHtml,
  parseRange,
  planEviction,
  requestKind,
  titleOf,
  userKeyOf,
} from "../sw-policy.ts";
import type { WorkerConfig } from "./config.ts";

declare const self: ServiceWorkerGlobalScope;

/** This server's settings, given to start(). */
let config: WorkerConfig;

/** Called once, as the script is evaluated (the line after the compiled script in /sw.js). */
export function start(given: WorkerConfig) {
  config = given;
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", onActivate);
  self.addEventListener("fetch", onFetch);
  self.addEventListener("message", onMessage);
}

const ORIGIN = self.location.origin;

function onActivate(event: ExtendableEvent) {
  event.waitUntil(
    (async () => {
      // Caches of an older entry format are not read any more.
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && keyOfCache(name) === null) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
}

// Cache writes one at a time: a user switch, a store and its evictions never interleave.
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Deletes our caches, except the one of `key` (null: all of them). */
async function forgetAllBut(key: string | null) {
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && (key === null || name !== cacheName(key))) await caches.delete(name);
  }
}

/** What an answer of ours says about who is signed in (X-Offline-User), acted upon. */
function learnUser(headers: Headers): Promise<void> {
  const key = userKeyOf(headers.get("X-Offline-User"));
  if (key === null) return Promise.resolve();
  return serial(() => forgetAllBut(key === NO_USER ? null : key));
}

/**
 * The cache of the user last seen on this device (there is at most one), or null. For changes made
 * inside serial(); what is shown comes from ownedCache().
 */
async function currentCache() {
  for (const name of await caches.keys()) {
    if (keyOfCache(name) !== null) return caches.open(name);
  }
  return null;
}

/** The user key in the sign-in marker cookie, or null (none, or no cookieStore to read it with). */
async function markerKey() {
  if (!self.cookieStore) return null;
  try {
    const cookie = await self.cookieStore.get(config.markerCookie);
    const key = userKeyOf(cookie?.value ?? null);
    return key === NO_USER ? null : key;
  } catch {
    return null;
  }
}

/**
 * The kept cache that may be shown (the one of the user whose sign-in this browser holds), or
 * null; every other kept cache is deleted first. Not for use inside serial().
 */
async function ownedCache() {
  const marker = await markerKey();
  let owned = null;
  let others = false;
  for (const name of await caches.keys()) {
    const key = keyOfCache(name);
    if (key === null) continue;
    if (mayServeKept(marker, key)) owned = name;
    else others = true;
  }
  // Not "all but `owned`": the cache of the user now signed in may be being written right now.
  if (others) await serial(() => forgetAllBut(marker));
  return owned ? caches.open(owned) : null;
}

/** The index of a cache: every entry's URL, size and time (headers of the stored answers). */
async function entriesOf(cache: Cache): Promise<Array<CacheEntry & { title: string | null }>> {
  const entries: Array<CacheEntry & { title: string | null }> = [];
  for (const request of await cache.keys()) {
    const stored = await cache.match(request);
    if (!stored) continue;
    const title = stored.headers.get("X-Offline-Title");
    entries.push({
      url: request.url,
      size: Number(stored.headers.get("X-Offline-Size")) || 0,
      time: Number(stored.headers.get("X-Offline-Time")) || 0,
      title: title ? decodeURIComponent(title) : null,
    });
  }
  return entries;
}

const keyOf = (url: URL) => url.origin + url.pathname + url.search;

type Outcome = "kept" | "full" | "error";

/** Stores a keepable answer: "kept", "full" (larger than the whole limit) or "error". */
async function keep(url: URL, response: Response): Promise<Outcome> {
  const key = userKeyOf(response.headers.get("X-Offline-User"));
  try {
    // A copy that could not be shown (no marker of this user, or no cookieStore) is not kept.
    if (key === null || !mayServeKept(await markerKey(), key)) {
      await response.body?.cancel();
      return "error";
    }
    const body = await response.blob();
    // The body is stored decoded: the transfer headers of the network answer no longer apply.
    const headers = new Headers(response.headers);
    for (const name of ["Content-Encoding", "Content-Length", "Transfer-Encoding", "X-Offline-Keep"]) {
      headers.delete(name);
    }
    headers.set("X-Offline-Size", String(body.size));
    headers.set("X-Offline-Time", String(Date.now()));
    if (requestKind(url, ORIGIN) === "page") {
      const title = titleOf(await body.text());
      if (title) headers.set("X-Offline-Title", encodeURIComponent(title));
    }
    return await serial(async () => {
      await forgetAllBut(key);
      const cache = await caches.open(cacheName(key));
      const plan = planEviction(await entriesOf(cache), { url: keyOf(url), size: body.size }, config.limitBytes);
      if (!plan.fits) return "full";
      for (const old of plan.evict) await cache.delete(old);
      await cache.put(keyOf(url), new Response(body, { status: 200, statusText: "OK", headers }));
      return "kept";
    });
  } catch {
    return "error"; // a connection lost while reading, a full disk (quota): nothing kept
  }
}

function keepInfo(request: Request, response: Response): KeepInfo {
  return {
    status: response.status,
    redirected: response.redirected,
    keep: response.headers.get("X-Offline-Keep"),
    user: response.headers.get("X-Offline-User"),
    range: request.headers.has("Range"),
  };
}

/** Deletes the kept entries of a course ("/cursos/{cursoId}": its pages and files). */
function dropCourse(course: string): Promise<void> {
  return serial(async () => {
    const cache = await currentCache();
    if (!cache) return;
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (inCourse(url.pathname + url.search, course)) await cache.delete(request);
    }
  });
}

/** After a network answer: learn who is signed in; keep it, or drop the course's entries, as it says. */
async function afterNetwork(request: Request, url: URL, response: Response): Promise<Outcome> {
  await learnUser(response.headers);
  const info = keepInfo(request, response);
  const course = courseToDrop(url, ORIGIN, info);
  if (course) await dropCourse(course);
  if (mayKeep(url, ORIGIN, info)) return keep(url, response);
  await response.body?.cancel();
  return "error";
}

async function fromCache(url: URL, anyQuery: boolean): Promise<Response | null> {
  const cache = await ownedCache();
  if (!cache) return null;
  return (
    (await cache.match(keyOf(url))) ??
    (anyQuery ? ((await cache.match(url.pathname, { ignoreSearch: true })) ?? null) : null)
  );
}

async function offlinePage(url: URL) {
  const cache = await ownedCache();
  const entries = cache ? await entriesOf(cache) : [];
  const pages = entries
    .filter((e) => requestKind(new URL(e.url), ORIGIN) === "page")
    .sort((a, b) => b.time - a.time)
    .map((e) => ({ url: new URL(e.url).pathname, title: e.title }));
  return new Response(offlinePageHtml(url.pathname + url.search, pages), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  });
}

/**
 * The network's answer (acted upon: afterNetwork); without a connection, what `kept` finds, else
 * for a navigation the offline page.
 */
async function fromNetwork(event: FetchEvent, url: URL, kept?: () => Promise<Response | null>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const copy = kept ? await kept() : null;
    if (copy) return copy;
    if (event.request.mode === "navigate") return offlinePage(url);
    throw error;
  }
  event.waitUntil(afterNetwork(event.request, url, response.clone()));
  return response;
}

/** A kept answer, or the requested byte range of it (a PDF viewer may ask for pages). */
async function withRange(kept: Response, rangeHeader: string | null) {
  if (!rangeHeader) return kept;
  const body = await kept.blob();
  const range = parseRange(rangeHeader, body.size);
  const headers = new Headers(kept.headers);
  if (range === null) return new Response(body, { status: 200, headers });
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${body.size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${body.size}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  return new Response(body.slice(range.start, range.end + 1), { status: 206, headers });
}

/** Module files: the kept copy first (no data spent on a file already on the device). */
async function cacheFirst(event: FetchEvent, url: URL): Promise<Response> {
  const kept = await fromCache(url, false);
  return kept ? withRange(kept, event.request.headers.get("Range")) : fromNetwork(event, url);
}

async function dataRequest(event: FetchEvent, url: URL) {
  try {
    const response = await fetch(event.request);
    // A client-side visit of a course page the learner left says so too (X-Offline-Keep: 0).
    const info = { keep: response.headers.get("X-Offline-Keep"), user: response.headers.get("X-Offline-User") };
    const course = courseToDrop(new URL(documentUrlOfData(url), ORIGIN), ORIGIN, info);
    const learnt = learnUser(response.headers);
    event.waitUntil(course ? learnt.then(() => dropCourse(course)) : learnt);
    return response;
  } catch (error) {
    if (event.request.signal && event.request.signal.aborted) throw error;
    // React Router turns this answer into a document load of the page (single-fetch.js).
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": documentUrlOfData(url), "X-Remix-Reload-Document": "true" },
    });
  }
}

function onFetch(event: FetchEvent) {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== ORIGIN) return;
  const kind = requestKind(url, ORIGIN);
  if (kind === "file") event.respondWith(cacheFirst(event, url));
  else if (kind === "data") event.respondWith(dataRequest(event, url));
  // Navigations and course pages: fresh from the network; without a connection, the kept copy.
  else if (kind === "page") event.respondWith(fromNetwork(event, url, () => fromCache(url, true)));
  else if (request.mode === "navigate") event.respondWith(fromNetwork(event, url));
}

/** The URLs (path and query) kept for the user signed in on this browser. */
async function keptUrls() {
  const cache = await ownedCache();
  if (!cache) return [];
  return (await entriesOf(cache)).map((e) => {
    const url = new URL(e.url);
    return url.pathname + url.search;
  });
}

/** "Guardar para leer sin conexión": fetches and keeps each URL, reporting progress on `port`. */
async function save(urls: unknown, port: MessagePort) {
  const list = Array.isArray(urls) ? urls.filter((u) => typeof u === "string").slice(0, 200) : [];
  const already = new Set(await keptUrls());
  const failed: string[] = [];
  let full = 0;
  let done = 0;
  for (const u of list) {
    const url = new URL(u, ORIGIN);
    const kind = requestKind(url, ORIGIN);
    // Files kept stay as they are (cache first); a page is fetched again, to keep it current.
    if (kind === "file" && already.has(url.pathname)) {
      port.postMessage({ type: "progress", done: ++done, total: list.length });
      continue;
    }
    let outcome: Outcome = "error";
    if (kind === "page" || kind === "file") {
      const request = new Request(url.href, { credentials: "same-origin" });
      outcome = await fetch(request)
        .then((response) => afterNetwork(request, url, response))
        .catch(() => "error" as const);
    }
    if (outcome === "full") full += 1;
    if (outcome !== "kept") failed.push(url.pathname + url.search);
    port.postMessage({ type: "progress", done: ++done, total: list.length });
  }
  port.postMessage({ type: "done", failed, full, kept: await keptUrls() });
}

function onMessage(event: ExtendableMessageEvent) {
  const port = event.ports && event.ports[0];
  const data = event.data;
  if (!data || typeof data !== "object") return;
  // A page that loaded while this worker was activating (register.ts).
  if (data.type === "claim") return event.waitUntil(self.clients.claim());
  if (!port) return;
  // `available`: whether this browser can show kept copies at all (use-offline.ts hides the controls).
  const available = Boolean(self.cookieStore);
  if (data.type === "list") {
    event.waitUntil(keptUrls().then((urls) => port.postMessage({ type: "list", urls, available })));
  } else if (data.type === "save") event.waitUntil(save(data.urls, port));
}
