// The server's log (docs/decisions/030-logs-metrics-restarts.md): JSON lines on standard output
// (pino; pino-pretty in development). Every line of a request carries its `reqId`, its line the
// user's `userId`. Never logged: passwords, tokens, cookies, message bodies, raw URLs, addresses.
// server/index.ts and the build's copy share one logger through globalThis. Relative imports only.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a request's lines share; `userId` once the session is read, `route` once React Router matched. */
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

/** Fields never written (pino writes "[oculto]"): a safety net; the rule is not to pass them. */
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

/** The root's first middleware: notes the matched pattern as the route label (matching again costs ~1 ms). */
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
