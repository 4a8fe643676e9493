import { metricsResponse } from "~/features/monitoring/metrics.server.ts";
import type { Route } from "./+types/metrics";

// Prometheus's scrape (docs/decisions/030-logs-metrics-restarts.md): 404 unless METRICS_TOKEN is
// set, 401 without it as a bearer token.
export function loader({ request }: Route.LoaderArgs) {
  return metricsResponse(request);
}
