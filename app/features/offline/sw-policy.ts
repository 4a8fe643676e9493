// The pure rules of the offline cache (decision 014): what the service worker may keep, how the
// cache stays under its limit, and the offline page. It runs in the worker and in a window alike,
// so it imports nothing.

/** Every cache of ours starts with this; one cache per signed-in user: PREFIX + FORMAT + "-" + key. */
export const CACHE_PREFIX = "academia-offline-";
/** Bumped when the stored entries change shape: caches of another format are deleted. */
const CACHE_FORMAT = "v1";

/** The cache of the user whose opaque offline key (app/features/offline/offline.server.ts) is `key`. */
export function cacheName(key: string) {
  return `${CACHE_PREFIX}${CACHE_FORMAT}-${key}`;
}

/** The user key of one of our caches of the current format, or null. */
export function keyOfCache(name: string) {
  const head = `${CACHE_PREFIX}${CACHE_FORMAT}-`;
  return name.startsWith(head) && name.length > head.length ? name.slice(head.length) : null;
}

// The server's opaque user key: base64url, as offline.server.ts makes it. "none": nobody signed in.
const KEY = /^[A-Za-z0-9_-]{16,64}$/;
export const NO_USER = "none";

/** The X-Offline-User header's meaning: a user key, NO_USER (signed out), or null (not one of our answers). */
export function userKeyOf(header: string | null) {
  if (header === NO_USER) return NO_USER;
  return header && KEY.test(header) ? header : null;
}

/**
 * Whether the kept cache of the user whose key is `owner` may answer: only while the sign-in marker
 * cookie (offline.server.ts) carries the same key. Otherwise the kept copies are deleted instead
 * of shown to whoever is there.
 */
export function mayServeKept(marker: string | null, owner: string | null) {
  const key = userKeyOf(marker);
  return key !== null && key !== NO_USER && key === owner;
}

// The allow-list. A course page: /cursos/{cursoId}, with at most the page's own ?pdf= and ?modulo=
// (the embedded viewer, an opened module). A module file: /cursos/{cursoId}/archivos/{archivoId}, with no
// query (?descargar=1 is a download, not kept). Nothing else, whatever the server says.
const ID = "[A-Za-z0-9_-]{1,64}";
const PAGE = new RegExp(`^/cursos/${ID}$`);
const FILE = new RegExp(`^/cursos/${ID}/archivos/${ID}$`);
const PAGE_PARAMS = new Set(["pdf", "modulo"]);

/** "page", "file", "data" (a React Router data request, kept never) or null (not ours to answer). */
export type RequestKind = "page" | "file" | "data";

export function requestKind(url: URL, origin: string): RequestKind | null {
  if (url.origin !== origin) return null;
  if (url.pathname.endsWith(".data")) return "data";
  if (FILE.test(url.pathname)) return url.search === "" ? "file" : null;
  if (PAGE.test(url.pathname) && !url.pathname.startsWith("/cursos/dirigido")) {
    for (const name of url.searchParams.keys()) if (!PAGE_PARAMS.has(name)) return null;
    return "page";
  }
  return null;
}

/**
 * Whether a network answer may be kept: a URL of the allow-list, a complete 200, marked keepable
 * by the server (X-Offline-Keep: 1) and addressed to a signed-in user (X-Offline-User).
 */
export type KeepInfo = {
  status: number;
  redirected: boolean;
  keep: string | null;
  user: string | null;
  range: boolean;
};

export function mayKeep(url: URL, origin: string, { status, redirected, keep, user, range }: KeepInfo) {
  const kind = requestKind(url, origin);
  if (kind !== "page" && kind !== "file") return false;
  if (status !== 200 || redirected || range) return false;
  const key = userKeyOf(user);
  return keep === "1" && key !== null && key !== NO_USER;
}

/**
 * The course whose kept entries an answer says to drop (X-Offline-Keep: 0: the learner is no
 * longer enrolled, or may no longer open it), as its page path "/cursos/{cursoId}"; otherwise null.
 */
export function courseToDrop(url: URL, origin: string, { keep, user }: Pick<KeepInfo, "keep" | "user">) {
  const kind = requestKind(url, origin);
  if ((kind !== "page" && kind !== "file") || keep !== "0") return null;
  const key = userKeyOf(user);
  if (key === null || key === NO_USER) return null;
  return url.pathname.split("/").slice(0, 3).join("/");
}

/** Whether a kept entry's path (with its query) belongs to the course page path "/cursos/{cursoId}". */
export function inCourse(path: string, course: string) {
  return path === course || path.startsWith(`${course}/`) || path.startsWith(`${course}?`);
}

/** The document a React Router data URL stands for: /x.data?_routes=… → /x; /_.data → /. */
export function documentUrlOfData(url: URL) {
  const doc = new URL(url.href);
  let path = doc.pathname.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  else if (path.endsWith("/_")) path = path.slice(0, -1);
  doc.pathname = path;
  doc.searchParams.delete("_routes");
  doc.searchParams.delete("index");
  return doc.pathname + (doc.searchParams.size > 0 ? `?${doc.searchParams}` : "");
}

/**
 * Which kept entries to delete so that one of `size` bytes fits under `limit`, oldest first
 * (`time`: when the entry was stored). An entry of the same URL is overwritten, so it does not count.
 * `fits` is false when the new entry alone is larger than the limit (then nothing is deleted).
 */
export type CacheEntry = { url: string; size: number; time: number };

export function planEviction(entries: readonly CacheEntry[], incoming: { url: string; size: number }, limit: number) {
  if (incoming.size > limit) return { fits: false, evict: [] };
  const others = entries.filter((e) => e.url !== incoming.url).sort((a, b) => a.time - b.time);
  let total = others.reduce((sum, e) => sum + e.size, 0) + incoming.size;
  const evict: string[] = [];
  for (const e of others) {
    if (total <= limit) break;
    evict.push(e.url);
    total -= e.size;
  }
  return { fits: true, evict };
}

/**
 * A Range header against a body of `size` bytes: { start, end } (inclusive), "invalid" (answer
 * 416) or null (no usable range: answer the whole body). One range only, as serve-file.server.ts.
 */
export function parseRange(header: string | null, size: number) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, a, b] = match;
  if (a === "" && b === "") return "invalid" as const;
  let start: number;
  let end: number;
  if (a === "") {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start > end || start >= size) return "invalid" as const;
  return { start, end };
}

/**
 * A kept page's name for the offline page's list: its first <h1> (a course page's title is the
 * course's name; its <title> is only the section's), else its <title>. At most 200 characters.
 */
export function titleOf(html: string) {
  const match = /<h1[^>]*>([^<]{1,400})<\/h1>/i.exec(html) ?? /<title[^>]*>([^<]{1,400})<\/title>/i.exec(html);
  if (!match) return null;
  const text = match[1]!
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"' })[e] ?? "'")
    .trim();
  return text.slice(0, 200) || null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The page shown for a page that is not kept while there is no connection (Spanish, no script,
 * its own small style): what happened and the course pages this device keeps.
 */
export function offlinePageHtml(requested: string, pages: ReadonlyArray<{ url: string; title: string | null }>) {
  const list =
    pages.length > 0
      ? `<h2>Guardado en este dispositivo</h2><ul>${pages
          .map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.title || p.url)}</a></li>`)
          .join("")}</ul>`
      : "<p>Todavía no hay cursos guardados en este dispositivo. Con conexión, abre un curso en el que " +
        "estés inscrito o usa «Guardar para leer sin conexión» en sus módulos.</p>";
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Sin conexión · Academia</title><style>" +
    "body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#eef7f4}" +
    "main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{color:#124c3e}" +
    "a{color:#17614e}li{margin:.5rem 0}.btn{display:inline-block;margin-top:1rem;padding:.6rem 1rem;" +
    "border-radius:.5rem;background:#1f7a63;color:#fff;text-decoration:none;font-weight:600}" +
    "</style></head><body><main>" +
    "<h1>Sin conexión</h1>" +
    "<p>No hay conexión a internet y esta página no está guardada en este dispositivo. " +
    "Cuando vuelvas a tener señal, se abrirá normalmente.</p>" +
    list +
    `<a class="btn" href="${escapeHtml(requested)}">Reintentar</a>` +
    "</main></body></html>"
  );
}
