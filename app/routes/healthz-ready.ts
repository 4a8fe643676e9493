import { readiness } from "~/features/monitoring/health.server.ts";

// Readiness, for load balancers (docs/decisions/030-logs-metrics-restarts.md): 200 when this
// instance can serve (database, migrations, storage; each check time-bounded), 503 with the
// reason otherwise, also from the moment it starts shutting down (SIGTERM), so it is drained.
export async function loader() {
  const report = await readiness();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
