// The app's side of a graceful stop (server/index.ts on SIGTERM; docs/decisions/030-logs-metrics-restarts.md).
// Beside jobs.server.ts for the same reason: it composes features.
import { releaseHeldMail } from "~/features/mail/sender.server.ts";
import { disconnectDatabase } from "~/lib/db/maintenance.server.ts";
import { markStopping } from "~/features/monitoring/health.server.ts";
import { log } from "~/lib/log.server.ts";
import { stopBackgroundJobs } from "./jobs.server.ts";

/**
 * The first step, as the server stops taking connections: readiness answers 503 (a balancer
 * that still asks drains this instance), the background jobs stop, the mail sender ends its pass
 * after the mail in hand. Resolves when that pass has ended; the server bounds the wait.
 */
export async function beginShutdown(): Promise<void> {
  markStopping();
  await stopBackgroundJobs();
}

/**
 * The last step, once the requests in flight have ended (or the time is up): the mail this
 * process still holds is given back, and the database connections are closed.
 */
export async function finishShutdown(): Promise<{ released: number }> {
  const released = await releaseHeldMail().catch((error: unknown) => {
    log.error({ err: error }, "No se pudo devolver el correo reservado");
    return 0;
  });
  await disconnectDatabase().catch((error: unknown) =>
    log.error({ err: error }, "No se pudo cerrar la conexión con la base de datos"),
  );
  return { released };
}
