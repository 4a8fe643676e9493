// Cross-site request forgery: a state-changing request that may carry our cookies must come
// from our own origin. React Router checks document actions of UI routes itself; this check
// runs in the root middleware for every route, resource routes and cookie-authenticated
// /api calls included. Bearer-token API calls carry no ambient credential and are exempt.
import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const FORBIDDEN_ORIGIN = "Origen no permitido.";

export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (/^Bearer\s/i.test(request.headers.get("Authorization") ?? "")) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  return originHost !== host && originHost !== new URL(request.url).host;
}

export const originCheckMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (isCrossSiteMutation(request)) {
    const isApi = new URL(request.url).pathname.startsWith("/api/");
    return isApi
      ? Response.json({ error: FORBIDDEN_ORIGIN }, { status: 403 })
      : new Response(FORBIDDEN_ORIGIN, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return next();
};
