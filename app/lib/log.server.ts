// The server's log (docs/decisions/030-logs-metrics-restarts.md): one JSON line per request and
// per event on standard output (pino), readable ones in development (pino-pretty), at LOG_LEVEL.
//
// A request's line is written by server/request-log.ts when its answer is sent; every line logged
// while a request is served carries that request's id (`reqId`), and the request's line the
// signed-in user's id (`userId`), noted by the session code when it reads the user anyway (no
// query of its own). Never logged: passwords, tokens, cookies, message bodies, raw URLs (a path
// may hold a token: the route's pattern is logged instead) or e-mail addresses.
//
// server/index.ts imports this file directly and the app's build bundles a copy: both copies share
// one logger and one request store through globalThis, so lines never interleave and a request's
// id reaches the app's lines. Relative imports only (plain Node loads it).
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * What a request's lines share; `userId` is filled in once the session is read, `route` (the
 * pattern of the route that answers, "/cursos/:cursoId") when React Router has matched it.
 */
export type RequestContext = { reqId: string; userId?: string; route?: string };

type Shared = {
  logger?: Logger;
  /** Where lines go instead of standard output (tests). */
  sink?: DestinationStream;
  requests: AsyncLocalStorage<RequestContext>;
};
const KEY = Symbol.for("academia.log");
const shared: Shared = ((globalThis as Record<symbol, unknown>)[KEY] as Shared | undefined) ?? {
  requests: new AsyncLocalStorage<RequestContext>(),
};
(globalThis as Record<symbol, unknown>)[KEY] = shared;

/** LOG_LEVEL, or "info"; an unknown level is refused at start by env.server.ts. */
export function logLevel(value = process.env.LOG_LEVEL): LogLevel {
  const level = value?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level ?? "") ? (level as LogLevel) : "info";
}

/**
 * Names of fields that are never written, whatever a caller passes by mistake (pino replaces
 * their values with "[oculto]"): a safety net, not the rule (the rule is not to pass them).
 */
const SECRET_FIELDS = [
  "password",
  "token",
  "cookie",
  "authorization",
  "headers",
  "body",
  "text",
  "html",
  "content",
  "correo",
  "to",
];
const REDACT = [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)];

/** A logger writing to `destination` (JSON lines), or pretty lines when `pretty`. */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream; pretty?: boolean } = {}) {
  const destination = options.pretty
    ? prettyStream(options.destination)
    : (options.destination ?? pino.destination({ dest: 1 }));
  return pino(
    {
      level: options.level ?? logLevel(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: "[oculto]" },
      // Every line logged while serving a request names it.
      mixin: () => {
        const request = shared.requests.getStore();
        return request ? { reqId: request.reqId } : {};
      },
    },
    destination,
  );
}

/** pino-pretty as a stream (a development dependency: only `npm run dev` asks for it). */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  const require = createRequire(import.meta.url);
  const pretty = require("pino-pretty") as (options: object) => DestinationStream;
  return pretty({
    colorize: !destination,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    sync: true,
    destination: destination ?? 1,
  });
}

/** The process's logger (created at first use, so LOG_LEVEL and NODE_ENV are read by then). */
function logger(): Logger {
  shared.logger ??= shared.sink
    ? createLogger({ destination: shared.sink })
    : createLogger({ pretty: process.env.NODE_ENV === "development" });
  return shared.logger;
}

/** The process's logger: `log.info({ field }, "message")`, `log.error({ err }, "message")`. */
export const log = {
  fatal: (...args: Parameters<Logger["fatal"]>) => logger().fatal(...args),
  error: (...args: Parameters<Logger["error"]>) => logger().error(...args),
  warn: (...args: Parameters<Logger["warn"]>) => logger().warn(...args),
  info: (...args: Parameters<Logger["info"]>) => logger().info(...args),
  debug: (...args: Parameters<Logger["debug"]>) => logger().debug(...args),
};

/** Test hook: send every line to `sink` from now on (undefined: standard output again). */
export function setLogSink(sink: DestinationStream | undefined, level?: LogLevel) {
  shared.sink = sink;
  shared.logger = sink ? createLogger({ destination: sink, level }) : undefined;
}

/** Runs `fn` as the request `context` (its lines carry its id). */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return shared.requests.run(context, fn);
}

/**
 * The root route's first middleware: notes the pattern React Router matched ("/cursos/:cursoId";
 * for a data request, its page's) as the request's route label, so server/request-log.ts does not
 * match the path again (matching walks and ranks every route: about 1 ms a request).
 */
export function requestRouteMiddleware<T>({ pattern }: { pattern: string }, next: () => T): T {
  const request = shared.requests.getStore();
  if (request) request.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return next();
}

/** Notes the signed-in user of the request being served (the session code, once it knows). */
export function noteRequestUser(userId: string) {
  const request = shared.requests.getStore();
  if (request) request.userId = userId;
}
