// The server's side of the offline cache (docs/decisions/012-offline-course-material.md): it tells
// the service worker who is signed in and which answers it may keep, and serves /sw.js. The
// worker keeps nothing the server has not marked, and only on its own allow-list (sw-policy.js).
import crypto from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getOptionalUser, type GuardArgs } from "~/features/auth/guards.server.ts";
import { env } from "~/lib/env.server.ts";
import { NO_USER } from "./sw-policy.js";
import policySource from "./sw-policy.js?raw";
import workerSource from "./service-worker.js?raw";

type Mark = { keep: boolean };
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
 * Called by a loader whose answer the learner may read offline (their enrolled course's page, a
 * module file of it): the answer gets X-Offline-Keep.
 */
export function keepOffline(args: GuardArgs) {
  const ctx = args.context as Readonly<RouterContextProvider> | undefined;
  try {
    const mark = ctx?.get(offlineMarkContext);
    if (mark) mark.keep = true;
  } catch {
    // No middleware ran (a loader called directly by a test): nothing to mark.
  }
}

/**
 * Root middleware, inside the session middleware. Every page and data answer to a GET says who is
 * signed in (X-Offline-User: the user's key, or "none"): the worker drops a previous user's cache
 * and, at "none", all of them. A marked 200 answer that sets no cookie (a flash message shown once
 * would otherwise come back offline) also gets X-Offline-Keep: 1.
 */
export const offlineMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const mark: Mark = { keep: false };
  args.context.set(offlineMarkContext, mark);
  const response = await next();
  if (args.request.method !== "GET") return response;
  const page = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const data = new URL(args.request.url).pathname.endsWith(".data");
  if (!page && !data && !mark.keep) return response;
  const user = await getOptionalUser(args);
  response.headers.set("X-Offline-User", user ? offlineKey(user.id) : NO_USER);
  if (mark.keep && user && response.status === 200 && !response.headers.has("Set-Cookie")) {
    response.headers.set("X-Offline-Keep", "1");
  }
  return response;
};

/** /sw.js: the configuration, the policy's functions (without `export`), then the worker. */
export function serviceWorkerScript(): string {
  const config = { limitBytes: Math.round(env().OFFLINE_CACHE_MB * 1024 * 1024) };
  const policy = policySource.replace(/^export /gm, "");
  return `"use strict";\nconst CONFIG = ${JSON.stringify(config)};\n${policy}\n${workerSource}`;
}
