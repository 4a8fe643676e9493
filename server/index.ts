// Production server: applies pending migrations, then serves the React Router build with
// compression, long-lived caching for hashed assets, security headers and a trustworthy client
// address. WEB_CONCURRENCY worker processes share the port (server/web-concurrency.ts; SQLite
// safely, decision 031); the primary migrates, forks and re-forks; only worker 0 runs the jobs.
// SIGTERM stops without losing anything (decision 030): no new connections, readiness 503, jobs
// stopped, requests in flight finished within SHUTDOWN_TIMEOUT_S, held mail given back, exit 0.
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Before anything imports React: React and react-dom must both pick their production builds.
process.env.NODE_ENV ??= "production";

const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { deployMigrations } = await import("./migrate/index.ts");
const { databaseUrl } = await import("../app/lib/db-adapter.ts");
const { allowedMethods } = await import("./allowed-methods.ts");
const { webConcurrency } = await import("./web-concurrency.ts");
const { APP_URL_UNSET_WARNING } = await import("../app/lib/env.server.ts");
const { log } = await import("../app/lib/log.server.ts");
const { requestLog, routeLabeler, servedByApp } = await import("./request-log.ts");
const { answerClusterMetrics, observeRequest, serveClusterMetrics } = await import("../app/lib/metrics.server.ts");

// ACADEMIA_SERVER_BUILD: another server build to serve (tests/platform/server-shutdown.test.ts's fixture).
const BUILD = path.resolve(process.env.ACADEMIA_SERVER_BUILD || "build/server/index.js");
const CLIENT = path.resolve("build/client");

const WORKERS = webConcurrency();
/** Every response's security headers, unless its route sets its own value (keys in lower case). */
const DEFAULT_HEADERS = new Map<string, string>([
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["cross-origin-opener-policy", "same-origin"],
]);
if ((process.env.APP_URL ?? "").startsWith("https:")) {
  DEFAULT_HEADERS.set("strict-transport-security", "max-age=31536000; includeSubDomains");
}
/** How long an idle keep-alive connection stays open (see where it is set). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How long a stop waits for the requests in flight (SHUTDOWN_TIMEOUT_S, default 25 s). */
const SHUTDOWN_TIMEOUT_MS = Math.max(1, Number(process.env.SHUTDOWN_TIMEOUT_S) || 25) * 1000;

/** The cluster's primary: migrations once, then the workers, each forked again if it dies. */
async function primary() {
  if (process.env.SKIP_MIGRATIONS !== "true") await deployMigrations(databaseUrl());
  let stopping = false;
  const fork = (index: number) => {
    // Two malloc arenas, not one per thread: the threads that reduce hand-in photos (sharp) would
    // otherwise each keep their own peak (docs/product.md#handing-in, `npm run bench:handin`).
    const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? "2";
    const worker = cluster.fork({ SKIP_MIGRATIONS: "true", ACADEMIA_WORKER: String(index), MALLOC_ARENA_MAX });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      log.error(
        { worker: index, exit: signal ?? code },
        `El proceso ${index} terminó (${signal ?? code}); se inicia otro.`,
      );
      setTimeout(() => fork(index), 1000).unref();
    });
  };
  for (let i = 0; i < WORKERS; i++) fork(i);
  // GET /metrics in a worker answers for every worker: the primary gathers them.
  serveClusterMetrics();
  // `on`, not `once`: under systemd or Ctrl-C each worker gets the signal twice, and a second one
  // after a `once` listener would kill it mid-drain.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      if (running.length === 0) process.exit(0);
      // Each worker stops within SHUTDOWN_TIMEOUT_S; one that has not a while later is killed.
      setTimeout(() => running.forEach((worker) => worker.process.kill("SIGKILL")), SHUTDOWN_TIMEOUT_MS + 5000).unref();
      let left = running.length;
      for (const worker of running) {
        worker.once("exit", () => {
          left -= 1;
          if (left === 0) process.exit(0);
        });
        worker.process.kill(signal);
      }
    });
  }
}

async function main() {
  // A worker answers the primary's gathering of the cluster's metrics from the start, before it
  // has served anything (and before it listens: the primary asks only the workers that listen).
  answerClusterMetrics();
  if (process.env.SKIP_MIGRATIONS !== "true") await deployMigrations(databaseUrl());

  const build = await import(pathToFileURL(BUILD).href);
  // Every process has the app's gauges from the start (a cluster's /metrics sums all workers).
  build.entry?.module?.registerAppGauges?.();
  // One process runs the housekeeping and the mail sender (worker 0, or the only process).
  if ((process.env.ACADEMIA_WORKER ?? "0") === "0") build.entry?.module?.startBackgroundJobs?.();
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy set TRUST_PROXY (e.g. "1" or "loopback") so req.ip is the client's.
  app.set("trust proxy", process.env.TRUST_PROXY ?? false);
  let stopping = false;
  // Every answer's id (X-Request-Id) and its log line, labelled by its route's pattern.
  app.use(
    requestLog({
      label: routeLabeler(build.routes),
      trustProxy: Boolean(process.env.TRUST_PROXY) && process.env.TRUST_PROXY !== "false",
      onFinished: observeRequest,
    }),
  );

  app.use((req, res, next) => {
    // Stopping: the client opens its next request elsewhere (on another instance).
    if (stopping) res.setHeader("Connection", "close");
    // Our own header, always overwritten: the app never trusts a client-sent value.
    req.headers["x-academia-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    for (const [name, value] of DEFAULT_HEADERS) res.setHeader(name, value);
    // React Router's adapter appends each header of the app's answer: a route's own value of one
    // of these (the calendar feed's Referrer-Policy, a file's nosniff) replaces the default instead
    // of going out as a second header.
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) =>
      DEFAULT_HEADERS.has(field.toLowerCase()) && value !== undefined ? res.set(field, value) : append(field, value);
    next();
  });
  // TRACE and other unknown methods: 405 with Allow, never a 500 (see allowed-methods.ts).
  app.use(allowedMethods);
  app.use(compression());
  // React Router flushes the compressor after every chunk (for streamed data the app does not
  // use): each flush about doubles the gzip output, so it flushes once, at the end.
  app.use((_req, res, next) => {
    (res as { flush?: unknown }).flush = undefined;
    next();
  });
  app.use("/assets", express.static(path.join(CLIENT, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // Only a path with an extension can be one of build/client's files: a page asks no file-system look-up.
  const publicFiles = express.static(CLIENT, { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.use(servedByApp);
  app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));

  const port = Number(process.env.PORT) || 3000;
  const host = process.env.HOST || "0.0.0.0";
  const server = app.listen(port, host, () => {
    if ((process.env.ACADEMIA_WORKER ?? "0") !== "0") return; // one line per server, not per worker
    const workers = WORKERS > 1 ? ` (${WORKERS} procesos)` : "";
    log.info(
      { host, port, workers: WORKERS },
      `Academia escuchando en http://${host === "0.0.0.0" ? "localhost" : host}:${port}${workers}`,
    );
    // Links in mail and certificates come from APP_URL, never from a request's Host header.
    if (!process.env.APP_URL) log.warn(APP_URL_UNSET_WARNING);
  });
  // Longer than the proxies in front keep theirs (60 s), so their side closes first: a request on a
  // connection the server is closing is reset (a 502 at the proxy).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutS: SHUTDOWN_TIMEOUT_MS / 1000 }, "Deteniendo: se terminan las solicitudes en curso");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A keep-alive connection between requests is closed at once; one in a request, after it.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const jobs = Promise.resolve(build.entry?.module?.beginShutdown?.()).catch((error: unknown) =>
      log.error({ err: error }, "No se pudieron detener las tareas de fondo"),
    );
    let deadline: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      deadline = setTimeout(() => resolve("late"), SHUTDOWN_TIMEOUT_MS);
    });
    const outcome = await Promise.race([Promise.all([closed, jobs]), late]);
    clearTimeout(deadline);
    clearInterval(idle);
    if (outcome === "late") {
      log.warn(
        { timeoutS: SHUTDOWN_TIMEOUT_MS / 1000 },
        "Plazo de detención cumplido: se cierran las conexiones abiertas",
      );
      server.closeAllConnections();
    }
    const finished = await Promise.resolve(build.entry?.module?.finishShutdown?.()).catch((error: unknown) => {
      log.error({ err: error }, "No se pudo terminar la detención");
      return undefined;
    });
    log.info({ released: finished?.released ?? 0 }, "Detenido");
    process.exit(0);
  };
  // Every signal is taken (a repeat is ignored by shutdown): see primary().
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));
}

(WORKERS > 1 && cluster.isPrimary ? primary() : main()).catch((error: unknown) => {
  log.fatal({ err: error }, "El servidor no pudo iniciar");
  process.exit(1);
});
