// The query planner's statistics (docs/decisions/009-flat-cost-at-scale.md). SQLite gathers
// none by itself: without them it may pick an index that does not match a list's ORDER BY and
// sort every row. `PRAGMA optimize` analyses the tables whose statistics are missing or stale;
// analysis_limit keeps each ANALYZE to a sample, so it takes milliseconds on a large database.
// PostgreSQL's autovacuum keeps its own statistics.
import { databaseProvider, databaseUrl } from "~/lib/db-adapter.ts";
import { prisma } from "~/lib/db.server.ts";

/** At start (after migrations): every table is checked (0x10002). Then periodically. */
export async function optimizeDatabase({ atStart = false } = {}) {
  if (databaseProvider(databaseUrl()) !== "sqlite") return;
  await prisma.$executeRawUnsafe("PRAGMA analysis_limit = 1000");
  await prisma.$queryRawUnsafe(atStart ? "PRAGMA optimize = 0x10002" : "PRAGMA optimize");
}

/** Closes the database connections (the last step of a graceful stop, server/index.ts). */
export async function disconnectDatabase(): Promise<void> {
  await prisma.$disconnect();
}
