// The server's metrics (prom-client), served by GET /metrics when METRICS_TOKEN is set (decision
// 030). Made once on globalThis: server/index.ts and the build's copy count into the same ones.
// With workers, the one asked asks the primary, which sums every worker's registry (prom-client's
// AggregatorRegistry.aggregate). Relative imports only (plain Node loads it).
import cluster, { type Worker } from "node:cluster";
import crypto from "node:crypto";
import client from "prom-client";

/** The message a worker sends the primary for the whole cluster's metrics, and its answer. */
const CLUSTER_METRICS = "academia:metrics";
type ClusterMetricsMessage = { type: typeof CLUSTER_METRICS; id: number; text?: string; error?: string };
/** The primary's question to each worker for its own registry, and the worker's answer. */
const WORKER_METRICS = "academia:worker-metrics";
/** A worker's word to the primary that it answers WORKER_METRICS from now on. */
const WORKER_ANSWERS = "academia:worker-answers";
type WorkerMetricsMessage = {
  type: typeof WORKER_METRICS;
  id: number;
  metrics?: Awaited<ReturnType<typeof client.register.getMetricsAsJSON>>;
  error?: string;
};

type Metrics = {
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route" | "status">;
  pageCache: client.Counter<"cache" | "result">;
};

const KEY = Symbol.for("academia.metrics");

/** prom-client's default gauges whose names end in `_total` (each a sum of a gauge by type). */
const GAUGES_NAMED_AS_COUNTERS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
] as const;

function metrics(): Metrics {
  const global = globalThis as Record<symbol, Metrics | undefined>;
  if (global[KEY]) return global[KEY];
  // Event-loop lag, memory, CPU, handles: prom-client's standard process metrics.
  client.collectDefaultMetrics();
  // Less three gauges named `_total`, the counters' suffix (OpenMetrics refuses them): each is
  // sum() of the gauge without it.
  for (const name of GAUGES_NAMED_AS_COUNTERS) client.register.removeSingleMetric(name);
  const made: Metrics = {
    requests: new client.Counter({
      name: "academia_http_requests_total",
      help: "Requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"],
    }),
    duration: new client.Histogram({
      name: "academia_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    pageCache: new client.Counter({
      name: "academia_page_cache_total",
      help: "Page cache look-ups, by cache (catalog: anonymous pages) and result.",
      labelNames: ["cache", "result"],
    }),
  };
  global[KEY] = made;
  return made;
}

/** Counts a finished request (server/request-log.ts). `route` is its pattern, never its URL. */
export function observeRequest(request: { method: string; route: string; status: number; seconds: number }) {
  const labels = { method: request.method, route: request.route, status: String(request.status) };
  const { requests, duration } = metrics();
  requests.inc(labels);
  duration.observe(labels, request.seconds);
}

/** Counts a page cache look-up (lib/page-cache.server.ts). */
export function countPageCache(cache: "catalog", result: "hit" | "miss") {
  metrics().pageCache.inc({ cache, result });
}

/**
 * A gauge `collect` sets when /metrics is asked, made once per name; the workers' values add up by
 * "sum" (each process's own, its pool) or "max" (what all read from the database).
 */
export function registerGauge<L extends string>(config: {
  name: string;
  help: string;
  labelNames?: readonly L[];
  aggregator: "sum" | "max";
  collect: (gauge: client.Gauge<L>) => Promise<void> | void;
}) {
  if (client.register.getSingleMetric(config.name)) return;
  const { collect, ...rest } = config;
  new client.Gauge<L>({
    ...rest,
    labelNames: config.labelNames ?? [],
    collect() {
      return collect(this);
    },
  });
}

/** This process's metrics, as Prometheus reads them. */
function metricsText(): Promise<string> {
  metrics();
  return client.register.metrics();
}

export const METRICS_CONTENT_TYPE = client.register.contentType;

/** Whether `header` (Authorization) carries `token` as a bearer, compared in constant time. */
export function bearerMatches(header: string | null, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? "")?.[1] ?? "";
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

let asked = 0;
/** In a worker, all workers' metrics summed by the primary, else this process's; `timeoutMs` outlasts its wait. */
export function clusterMetricsText(timeoutMs = 6000): Promise<string> {
  if (!cluster.isWorker || !process.send) return metricsText();
  metrics();
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const done = (message: ClusterMetricsMessage) => {
      if (message?.type !== CLUSTER_METRICS || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", done);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no metrics"));
    };
    const timer = setTimeout(() => {
      process.off("message", done);
      reject(new Error("the primary did not answer with the metrics"));
    }, timeoutMs);
    process.on("message", done);
    process.send!({ type: CLUSTER_METRICS, id } satisfies ClusterMetricsMessage);
  });
}

let answering = false;
/** A worker's side, from its start (before it listens): answers the primary with this registry. */
export function answerClusterMetrics() {
  if (!cluster.isWorker || !process.send || answering) return;
  answering = true;
  process.send({ type: WORKER_ANSWERS } as const);
  process.on("message", (message: WorkerMetricsMessage) => {
    if (message?.type !== WORKER_METRICS) return;
    metrics();
    client.register.getMetricsAsJSON().then(
      (json) => process.send!({ type: WORKER_METRICS, id: message.id, metrics: json } satisfies WorkerMetricsMessage),
      (error: unknown) =>
        process.send!({ type: WORKER_METRICS, id: message.id, error: String(error) } satisfies WorkerMetricsMessage),
    );
  });
}

/**
 * The primary's side: every worker's metrics aggregated, asked only of the workers that said they
 * answer (one still starting has counted nothing and must not make the scrape wait). One that said
 * so and is silent for `timeoutMs` fails the scrape: a sum without it would look like a reset.
 */
export function serveClusterMetrics(timeoutMs = 4000) {
  const answering = new Set<number>();
  cluster.on("exit", (worker) => answering.delete(worker.id));
  const waiting = new Map<number, (message: WorkerMetricsMessage) => void>();
  let next = 0;
  const gather = () =>
    new Promise<string>((resolve, reject) => {
      const id = ++next;
      const asked = Object.values(cluster.workers ?? {}).filter(
        (worker): worker is Worker => worker !== undefined && answering.has(worker.id) && worker.isConnected(),
      );
      const answers: NonNullable<WorkerMetricsMessage["metrics"]>[] = [];
      let left = asked.length;
      const finish = (error?: Error) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (error) reject(error);
        else client.AggregatorRegistry.aggregate(answers).metrics().then(resolve, reject);
      };
      const timer = setTimeout(
        () => finish(new Error(`${left} of ${asked.length} workers did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiting.set(id, (message) => {
        if (message.error !== undefined || !message.metrics) return finish(new Error(message.error ?? "no metrics"));
        answers.push(message.metrics);
        if (--left === 0) finish();
      });
      if (left === 0) return finish();
      for (const worker of asked) worker.send({ type: WORKER_METRICS, id } satisfies WorkerMetricsMessage);
    });
  cluster.on(
    "message",
    (worker, message: ClusterMetricsMessage | WorkerMetricsMessage | { type: typeof WORKER_ANSWERS }) => {
      if (message?.type === WORKER_ANSWERS) {
        answering.add(worker.id);
        return;
      }
      if (message?.type === WORKER_METRICS) {
        waiting.get(message.id)?.(message);
        return;
      }
      if (message?.type !== CLUSTER_METRICS) return;
      gather().then(
        (text) => worker.send({ type: CLUSTER_METRICS, id: message.id, text } satisfies ClusterMetricsMessage),
        (error: unknown) =>
          worker.send({ type: CLUSTER_METRICS, id: message.id, error: String(error) } satisfies ClusterMetricsMessage),
      );
    },
  );
}
