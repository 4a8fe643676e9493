// Production server: applies pending migrations, then serves the React Router build with
// compression, long-lived caching for hashed assets, security headers on every response,
// and a trustworthy client address for rate limits and the audit log.
//
// WEB_CONCURRENCY=N (default 1) serves from N worker processes sharing the port (node:cluster),
// one per core: a Node process renders on one core, so one process is the ceiling of a
// two-core machine's morning sign-in rush (scripts/bench-sign-in.ts). The primary applies the
// migrations, then forks the workers and forks again any that dies; only worker 0 runs the
// background jobs. Everything a worker keeps in memory is checked against the database on each
// request (the page caches' stamps, decisions 010 and 017), as with two instances behind a
// balancer (decision 008).
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
const { APP_URL_UNSET_WARNING } = await import("../app/lib/env.server.ts");
const { log } = await import("../app/lib/log.server.ts");
const { requestLog, routeLabeler, servedByApp } = await import("./request-log.ts");
const { observeRequest, serveClusterMetrics } = await import("../app/lib/metrics.server.ts");

const BUILD = path.resolve("build/server/index.js");
const CLIENT = path.resolve("build/client");

const WORKERS = Math.max(1, Math.min(64, Math.floor(Number(process.env.WEB_CONCURRENCY) || 1)));

/** The cluster's primary: migrations once, then the workers, each forked again if it dies. */
async function primary() {
  if (process.env.SKIP_MIGRATIONS !== "true") await deployMigrations(databaseUrl());
  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ SKIP_MIGRATIONS: "true", ACADEMIA_WORKER: String(index) });
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
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      if (running.length === 0) process.exit(0);
      // A worker holding a keep-alive connection past the deadline is stopped.
      setTimeout(() => running.forEach((worker) => worker.process.kill("SIGKILL")), 10_000).unref();
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
  if (process.env.SKIP_MIGRATIONS !== "true") await deployMigrations(databaseUrl());

  const build = await import(pathToFileURL(BUILD).href);
  // One process runs the housekeeping and the mail sender (worker 0, or the only process).
  if ((process.env.ACADEMIA_WORKER ?? "0") === "0") build.entry?.module?.startBackgroundJobs?.();
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy set TRUST_PROXY (e.g. "1" or "loopback") so req.ip is the client's.
  app.set("trust proxy", process.env.TRUST_PROXY ?? false);
  // Every answer's id (X-Request-Id) and its log line, labelled by its route's pattern.
  app.use(
    requestLog({
      label: routeLabeler(build.routes),
      trustProxy: Boolean(process.env.TRUST_PROXY) && process.env.TRUST_PROXY !== "false",
      onFinished: observeRequest,
    }),
  );

  app.use((req, res, next) => {
    // Our own header, always overwritten: the app never trusts a client-sent value.
    req.headers["x-academia-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if ((process.env.APP_URL ?? "").startsWith("https:")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });
  // TRACE and other unknown methods: 405 with Allow, never a 500 (see allowed-methods.ts).
  app.use(allowedMethods);
  app.use(compression());
  // React Router flushes the compressor after every chunk it writes (for streamed Suspense
  // data). The app streams no deferred data, so each flush only bloats the gzip output (about
  // twice the bytes) and costs CPU: without it the compressor flushes once, at the end.
  app.use((_req, res, next) => {
    (res as { flush?: unknown }).flush = undefined;
    next();
  });
  app.use("/assets", express.static(path.join(CLIENT, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(CLIENT, { maxAge: "1h", index: false }));
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
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => server.close(() => process.exit(0)));
  }
}

(WORKERS > 1 && cluster.isPrimary ? primary() : main()).catch((error: unknown) => {
  log.fatal({ err: error }, "El servidor no pudo iniciar");
  process.exit(1);
});
