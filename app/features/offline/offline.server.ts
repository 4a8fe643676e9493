// The server's side of the offline cache (docs/decisions/014-offline-course-material.md): it tells
// the service worker who is signed in and which answers it may keep, and serves /sw.js. The
// worker keeps nothing the server has not marked, and only on its own allow-list (sw-policy.js).
import crypto from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getOptionalUser, type GuardArgs } from "~/features/auth/guards.server.ts";
import { env } from "~/lib/env.server.ts";
import { NO_USER } from "./sw-policy.js";
import policySource from "./sw-policy.js?raw";
import workerSource from "./service-worker.js?raw";

/** keep: true (may be kept), false (must not: the worker drops what it kept of this course), null (no say). */
type Mark = { keep: boolean | null };
const offlineMarkContext = createContext<Mark | null>(null);

/**
 * The signed-in user's offline key: names their cache on the device. An HMAC of the user id under
 * the session secret, so the device's storage shows neither the id nor anything reusable
 * elsewhere; the same for every session of the user.
 */
export function offlineKey(userId: string): string {
  return crypto
    .createHmac("sha256", env().sessionSecret)
    .update(`offline-cache:${userId}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Called by the loader of a course page or module file with whether the learner may read it
 * offline (enrolled): `true` gives the answer X-Offline-Keep: 1; `false` gives X-Offline-Keep: 0,
 * and the worker then drops what it kept of the course (the learner left it, or lost access).
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

/**
 * Root middleware, inside the session middleware. Every page and data answer to a GET says who is
 * signed in (X-Offline-User: the user's key, or "none"): the worker drops a previous user's cache
 * and, at "none", all of them. A 200 marked keepable that sets no cookie (a flash message shown
 * once would otherwise come back offline) gets X-Offline-Keep: 1; one marked not keepable, 0.
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
  if (!user || mark.keep === null) return response;
  if (mark.keep === false) response.headers.set("X-Offline-Keep", "0");
  else if (response.status === 200 && !response.headers.has("Set-Cookie")) response.headers.set("X-Offline-Keep", "1");
  return response;
};

/** /sw.js: the configuration, the policy's functions (without `export`), then the worker. */
export function serviceWorkerScript(): string {
  const config = { limitBytes: Math.round(env().OFFLINE_CACHE_MB * 1024 * 1024) };
  const policy = policySource.replace(/^export /gm, "");
  return `"use strict";\nconst CONFIG = ${JSON.stringify(config)};\n${policy}\n${workerSource}`;
}
