// The server's side of the offline cache (docs/decisions/014-offline-course-material.md): it tells
// the service worker who is signed in and which answers it may keep, and serves /sw.js. The
// worker keeps nothing the server has not marked, and only on its own allow-list (sw-policy.ts).
import crypto from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getOptionalUser, type GuardArgs } from "~/features/accounts/guards.server.ts";
import { sessionEndOf, type SessionUser } from "~/features/accounts/session.server.ts";
import { env } from "~/lib/env.server.ts";
import workerScript from "virtual:service-worker";
import { NO_USER } from "./sw-policy.ts";
import { WORKER_GLOBAL, type WorkerConfig } from "./worker/config.ts";

/** keep: true (may be kept), false (must not: the worker drops what it kept of this course), null (no say). */
type Mark = { keep: boolean | null };
const offlineMarkContext = createContext<Mark | null>(null);

/**
 * The signed-in user's offline key, naming their cache on the device: an HMAC of the user id, so
 * the device shows nothing reusable elsewhere.
 */
export function offlineKey(userId: string): string {
  let key = offlineKeys.get(userId);
  if (key) return key;
  key = crypto.createHmac("sha256", env().sessionSecret).update(`offline-cache:${userId}`).digest("base64url");
  key = key.slice(0, 22);
  if (offlineKeys.size >= 1000) offlineKeys.delete(offlineKeys.keys().next().value!);
  offlineKeys.set(userId, key);
  return key;
}
const offlineKeys = new Map<string, string>();

/**
 * Called by the loader of a course page or module file: `true` (an enrolled learner) marks the
 * answer keepable; `false` makes the worker drop what it kept of the course.
 */
export function keepOffline(args: GuardArgs, keep = true) {
  const ctx = args.context as Readonly<RouterContextProvider> | undefined;
  try {
    const mark = ctx?.get(offlineMarkContext);
    if (mark) mark.keep = keep;
  } catch {
    // No middleware ran (a loader called directly by a test): nothing to mark.
  }
}

// The sign-in marker: a cookie, holding the user's offline key, that tells the worker offline whose
// sign-in this browser still holds, so a shared computer whose session ended shows nothing kept.
// Not HttpOnly (the worker reads it with cookieStore) and no credential; it lives as the session does.

/** The marker cookie's name (served to the worker in /sw.js). */
function offlineMarkerName(): string {
  return env().cookieSecure ? "__Host-academia_offline" : "academia_offline";
}

function markerCookie(value: string, maxAgeS: number): string {
  const secure = env().cookieSecure ? "; Secure" : "";
  return `${offlineMarkerName()}=${value}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`;
}

/** The Set-Cookie header that clears the marker ("Salir", with the session cookie's). */
export function clearOfflineMarker(): string {
  return `${markerCookie("", 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The marker this request carries, or null. */
function markerOf(request: Request): string | null {
  const name = offlineMarkerName();
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** The Set-Cookie header that brings this request's marker in line with its session, or null. */
function markerUpdate(request: Request, user: SessionUser | null): string | null {
  const held = markerOf(request);
  if (!user) return held === null ? null : clearOfflineMarker();
  const end = sessionEndOf(user);
  const key = offlineKey(user.id);
  if (!end || (held === key && !end.renewed)) return null;
  const maxAgeS = Math.floor((end.endsAt.getTime() - Date.now()) / 1000);
  return maxAgeS > 0 ? markerCookie(key, maxAgeS) : clearOfflineMarker();
}

/**
 * Root middleware, inside the session middleware. Every page and data answer to a GET says who is
 * signed in (X-Offline-User: the user's key, or "none"); a 200 marked keepable that sets no cookie
 * (a flash shown once would otherwise come back offline) gets X-Offline-Keep: 1, one marked not, 0.
 */
export const offlineMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const mark: Mark = { keep: null };
  args.context.set(offlineMarkContext, mark);
  const response = await next();
  if (args.request.method !== "GET") return response;
  const page = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const data = new URL(args.request.url).pathname.endsWith(".data");
  if (!page && !data && mark.keep === null) return response;
  const user = await getOptionalUser(args);
  response.headers.set("X-Offline-User", user ? offlineKey(user.id) : NO_USER);
  if (user && mark.keep === false) response.headers.set("X-Offline-Keep", "0");
  else if (user && mark.keep && response.status === 200 && !response.headers.has("Set-Cookie")) {
    response.headers.set("X-Offline-Keep", "1");
  }
  const marker = markerUpdate(args.request, user);
  if (marker) response.headers.append("Set-Cookie", marker);
  return response;
};

/** /sw.js: the compiled worker, then the line that starts it with this server's settings (read at run time). */
export function serviceWorkerScript(): string {
  const config: WorkerConfig = {
    limitBytes: Math.round(env().OFFLINE_CACHE_MB * 1024 * 1024),
    markerCookie: offlineMarkerName(),
  };
  return `${workerScript}\n${WORKER_GLOBAL}.start(${JSON.stringify(config)});\n`;
}
