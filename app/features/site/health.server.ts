// What /healthz reports to load balancers and uptime checks: the database and the file
// storage, each reachable or not.
import { prisma } from "~/lib/db.server.ts";
import { storageIsReachable } from "~/lib/storage.server.ts";

/** True when the database answers a trivial query. */
async function databaseIsUp(): Promise<boolean> {
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/** True when the file storage answers and can be written. */
function storageIsUp(): Promise<boolean> {
  return storageIsReachable().catch(() => false);
}

export type Health = { status: "ok" | "error"; database: "ok" | "error"; storage: "ok" | "error"; reason?: string };

export async function health(): Promise<Health> {
  const [database, storage] = await Promise.all([databaseIsUp(), storageIsUp()]);
  const problems = [
    database ? null : "la base de datos no responde",
    storage ? null : "el almacenamiento de archivos no responde",
  ];
  const reason = problems.filter(Boolean).join("; ");
  return {
    status: database && storage ? "ok" : "error",
    database: database ? "ok" : "error",
    storage: storage ? "ok" : "error",
    ...(reason ? { reason } : {}),
  };
}
