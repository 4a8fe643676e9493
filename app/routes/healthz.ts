import { databaseIsUp } from "~/features/site/health.server.ts";

// For load balancers and uptime checks: 200 when the database answers, 503 otherwise.
export async function loader() {
  const ok = await databaseIsUp();
  return Response.json(
    { status: ok ? "ok" : "error" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
