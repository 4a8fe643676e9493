// Liveness, for supervisors and load balancers (docs/decisions/030-logs-metrics-restarts.md): 200
// while this process answers. It reads nothing else, not even the database: a database outage
// is readiness's business (/healthz/ready), and must not get every instance restarted at once.
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
