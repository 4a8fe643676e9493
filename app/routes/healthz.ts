import { health } from "~/features/site/health.server.ts";

// For load balancers and uptime checks: 200 when the database and the file storage answer, 503
// with the reason otherwise.
export async function loader() {
  const report = await health();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
