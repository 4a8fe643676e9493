// What /healthz and /healthz/ready report to load balancers and uptime checks
// (docs/decisions/030-logs-metrics-restarts.md).
// - Liveness (/healthz): the process answers. Touches nothing else: a database hiccup must not
//   make every instance look dead at once (a balancer or supervisor would restart them all).
// - Readiness (/healthz/ready): this instance can serve: the database answers, every migration
//   this build knows is applied, the file storage can be written, and it is not shutting down.
//   Each check is bounded (READY_CHECK_MS): a hung database is a quick 503, not a hung probe.
import fs from "node:fs";
import path from "node:path";
import { prisma } from "~/lib/db.server.ts";
import { databaseProvider, databaseUrl } from "~/lib/db-adapter.ts";
import { storageIsReachable } from "~/lib/storage.server.ts";

/** The longest a readiness check may take before it counts as failed. */
export const READY_CHECK_MS = 2000;

type Check = "ok" | "error";
export type Readiness = {
  status: "ok" | "error";
  database: Check;
  migrations: Check;
  storage: Check;
  reason?: string;
};

const TIMED_OUT = Symbol("timed out");
/** `check`'s answer, or false once READY_CHECK_MS have passed or when it throws. */
async function bounded(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), READY_CHECK_MS);
  });
  try {
    const answer = await Promise.race([check(), late]);
    return answer === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The newest migration in this build's folder for the database's provider (read once). */
let newest: string | null | undefined;
function newestMigration(): string | null {
  if (newest !== undefined) return newest;
  const folder =
    databaseProvider(databaseUrl()) === "postgresql" ? "prisma/postgresql/migrations" : "prisma/migrations";
  try {
    const names = fs
      .readdirSync(path.resolve(folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    newest = names.at(-1) ?? null;
  } catch {
    newest = null;
  }
  return newest;
}

async function databaseIsUp(): Promise<boolean> {
  await prisma.$queryRawUnsafe("SELECT 1");
  return true;
}

/** Whether the newest migration is applied (migrations apply in order: then all are). */
async function migrationsAreApplied(): Promise<boolean> {
  const name = newestMigration();
  if (!name) return false;
  const rows = await prisma.$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS n FROM _prisma_migrations
    WHERE migration_name = ${name} AND finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  return Number(rows[0]?.n ?? 0) > 0;
}

let stopping = false;
/** From now on, readiness answers 503: this instance is shutting down (server/index.ts). */
export function markStopping() {
  stopping = true;
}

export async function readiness(): Promise<Readiness & { stopping?: true }> {
  const [database, migrations, storage] = await Promise.all([
    bounded(databaseIsUp),
    bounded(migrationsAreApplied),
    bounded(storageIsReachable),
  ]);
  const problems = [
    stopping ? "la instancia se está deteniendo" : null,
    database ? null : "la base de datos no responde",
    database && !migrations ? "faltan migraciones por aplicar" : null,
    storage ? null : "el almacenamiento de archivos no responde",
  ].filter(Boolean);
  const ok = (value: boolean): Check => (value ? "ok" : "error");
  return {
    status: problems.length === 0 ? "ok" : "error",
    database: ok(database),
    migrations: ok(migrations),
    storage: ok(storage),
    ...(stopping ? { stopping: true as const } : {}),
    ...(problems.length ? { reason: problems.join("; ") } : {}),
  };
}
