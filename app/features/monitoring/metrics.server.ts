// GET /metrics (docs/decisions/030-logs-metrics-restarts.md): off (404) unless METRICS_TOKEN is set,
// and then only for a caller sending it as `Authorization: Bearer …` (401 otherwise). The request,
// page-cache and process metrics are counted as they happen (lib/metrics.server.ts); the outbox and
// the database pool are read here, when Prometheus asks.
import { outboxBacklog } from "~/features/mail/outbox.server.ts";
import { databasePoolStats } from "~/lib/db-adapter.ts";
import { env } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { bearerMatches, clusterMetricsText, METRICS_CONTENT_TYPE, registerGauge } from "~/lib/metrics.server.ts";

/** How long the outbox's reading may take before the scrape goes on without it. */
const OUTBOX_READ_MS = 2000;

/**
 * The app's gauges, registered by every process when it starts (server/index.ts through
 * entry.server.tsx), so that a cluster's sum covers every worker, not only those that have
 * answered a scrape themselves. Repeated calls do nothing.
 */
export function registerAppGauges() {
  // Read by every worker from the same database: the workers' values are one value ("max"). One
  // reading serves both outbox gauges of a scrape (prom-client starts their collect() together).
  let backlog: Promise<Awaited<ReturnType<typeof outboxBacklog>> | null> | undefined;
  const readBacklog = () => {
    if (backlog) return backlog;
    const read = Promise.race([
      outboxBacklog(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), OUTBOX_READ_MS).unref()),
    ]).catch((error: unknown) => {
      log.warn({ err: error }, "No se pudo leer la cola de correo para las métricas");
      return null;
    });
    backlog = read;
    void read.finally(() => {
      if (backlog === read) backlog = undefined;
    });
    return read;
  };
  registerGauge<"status">({
    name: "academia_outbox_mail",
    help: "Mail in the outbox: waiting (to send, also between retries) and failed (given up).",
    labelNames: ["status"],
    aggregator: "max",
    async collect(gauge) {
      const read = await readBacklog();
      // Unread this time: no value rather than the last scrape's (a hung database would show an
      // old, healthy-looking backlog).
      if (!read) return gauge.reset();
      gauge.set({ status: "waiting" }, read.waiting);
      gauge.set({ status: "failed" }, read.failed);
    },
  });
  registerGauge({
    name: "academia_outbox_oldest_waiting_seconds",
    help: "Age of the oldest mail waiting to be sent (0 when none waits).",
    aggregator: "max",
    async collect(gauge) {
      const read = await readBacklog();
      // Unread: NaN, Prometheus's "no value" (a gauge without labels always prints one; reset()
      // would print 0, "nothing waits", the healthiest-looking value).
      if (!read) return gauge.set(Number.NaN);
      gauge.set(read.oldestWaitingAt ? Math.max(0, (Date.now() - read.oldestWaitingAt.getTime()) / 1000) : 0);
    },
  });
  // Each process has its own pool: the workers' values add up.
  registerGauge<"state">({
    name: "academia_db_pool_connections",
    help: "PostgreSQL pool connections by state: in_use, idle, waiting (queries waiting for one). None on SQLite.",
    labelNames: ["state"],
    aggregator: "sum",
    collect(gauge) {
      const pool = databasePoolStats();
      if (!pool) return;
      gauge.set({ state: "in_use" }, pool.inUse);
      gauge.set({ state: "idle" }, pool.idle);
      gauge.set({ state: "waiting" }, pool.waiting);
    },
  });
}

/** The answer to GET /metrics. */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  const headers = { "Cache-Control": "no-store" };
  if (!token) return new Response("Not Found", { status: 404, headers });
  if (!bearerMatches(request.headers.get("Authorization"), token)) {
    return new Response("Unauthorized", { status: 401, headers: { ...headers, "WWW-Authenticate": "Bearer" } });
  }
  registerAppGauges();
  try {
    const text = await clusterMetricsText();
    return new Response(text, { headers: { ...headers, "Content-Type": METRICS_CONTENT_TYPE } });
  } catch (error) {
    log.error({ err: error }, "No se pudieron reunir las métricas");
    return new Response("Service Unavailable", { status: 503, headers });
  }
}
