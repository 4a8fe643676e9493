// Each request's id, log line and metrics (docs/decisions/030-logs-metrics-restarts.md). The id is
// ours (X-Request-Id), never a client's (a forged one would tie requests to someone else's); behind
// a balancer its short plain id is kept as `upstreamReqId`. A request is labelled by its route's
// pattern, never its URL (a path may hold a token, and each URL would be a series of its own).
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchRoutes, type RouteObject } from "react-router";
import { log, runInRequest, type RequestContext } from "../app/lib/log.server.ts";

/** A route of the build's manifest (ServerBuild["routes"]), as far as labels need it. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** What an id from the balancer may look like to be logged: a short token, nothing else. */
const UPSTREAM_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The build's flat route manifest as the tree react-router's matchRoutes walks. */
function routeTree(manifest: Record<string, ManifestRoute | undefined>): RouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    );
  return build(undefined);
}

/** A path to the pattern of the route that serves it ("/*": not found); a ".data" request counts as its page's. */
export function routeLabeler(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const tree = routeTree(manifest);
  return (rawPathname) => {
    let pathname = rawPathname;
    if (pathname === "/__manifest") return pathname;
    if (pathname.endsWith(".data")) {
      pathname = pathname.slice(0, -".data".length);
      if (pathname === "/_root") pathname = "/";
    }
    const matches = matchRoutes(tree, pathname) ?? [];
    return `/${matches
      .map((match) => match.route.path ?? "")
      .filter(Boolean)
      .join("/")}`.replace(/\/+/g, "/");
  };
}

/** The label of a file served from build/client (not a route). */
const STATIC_LABEL = "static";

/** What request-log needs of each finished request (metrics, tests). */
type FinishedRequest = { method: string; route: string; status: number; seconds: number };

type Options = {
  /** The route label of a request the app answered (routeLabeler). */
  label: (pathname: string) => string;
  /** Whether a balancer's headers are trusted (TRUST_PROXY). */
  trustProxy: boolean;
  /** Called with every finished request (the metrics). */
  onFinished?: (request: FinishedRequest) => void;
};

type Req = IncomingMessage & { path?: string };
type Res = ServerResponse & { locals?: Record<string, unknown> };

/** Marks a request as the app's (after the static files, before the router). */
export function servedByApp(_req: Req, res: Res, next: () => void) {
  if (res.locals) res.locals.academiaApp = true;
  next();
}

/** Express middleware: the request's id, its line when it ends, and onFinished. */
export function requestLog(options: Options) {
  return (req: Req, res: Res, next: () => void) => {
    const started = process.hrtime.bigint();
    const context: RequestContext = { reqId: crypto.randomUUID() };
    res.setHeader("X-Request-Id", context.reqId);
    const upstream = options.trustProxy ? req.headers["x-request-id"] : undefined;
    const upstreamReqId = typeof upstream === "string" && UPSTREAM_ID.test(upstream) ? upstream : undefined;
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pathname = (req.url ?? "/").split("?")[0] ?? "/";
      // The app's answers: the pattern React Router matched (noted by the root's middleware), or,
      // for one answered before its middleware ran (the route manifest, a refused method), the
      // path matched here.
      const route = res.locals?.academiaApp ? (context.route ?? options.label(pathname)) : STATIC_LABEL;
      const method = req.method ?? "GET";
      // A request its client gave up on before the answer was sent is logged as such.
      const aborted = !res.writableFinished;
      const fields = {
        reqId: context.reqId,
        ...(upstreamReqId ? { upstreamReqId } : {}),
        method,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(context.userId ? { userId: context.userId } : {}),
        ...(aborted ? { aborted: true } : {}),
      };
      if (res.statusCode >= 500) log.error(fields, "request");
      else log.info(fields, "request");
      options.onFinished?.({ method, route, status: res.statusCode, seconds });
    };
    res.on("finish", done);
    res.on("close", done);
    runInRequest(context, next);
  };
}
