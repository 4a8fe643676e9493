// What /healthz reports to load balancers and uptime checks.
import { prisma } from "~/lib/db.server.ts";

/** True when the database answers a trivial query. */
export async function databaseIsUp(): Promise<boolean> {
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}
