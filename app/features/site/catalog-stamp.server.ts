// The public catalog's version (CacheStamp "catalog"): every write that changes what an
// anonymous visitor sees of the catalog (a course created, edited, published or deleted, a
// module changed) bumps it in its own transaction; the anonymous page cache serves a page only
// while the version it was rendered under is current. In the database, so a change made through
// one app instance is seen by all of them on their next request.
import { prisma } from "~/lib/db.server.ts";

const CATALOG = "catalog";

type StampClient = Pick<typeof prisma, "cacheStamp">;

/**
 * Marks the public catalog as changed: pass the interactive transaction the change is written
 * in, or put the returned operation into a batch `prisma.$transaction([...])` with the change.
 */
export function bumpCatalog(db: StampClient = prisma) {
  return db.cacheStamp.updateMany({ where: { name: CATALOG }, data: { version: { increment: 1 } } });
}

/** The public catalog's current version. */
export async function catalogVersion(): Promise<number> {
  const row = await prisma.cacheStamp.findUnique({ where: { name: CATALOG }, select: { version: true } });
  return row?.version ?? 0;
}

/**
 * The catalog's version and a user's own (CacheStamp "user:{id}", bumped by database triggers on
 * every write to the rows their pages show; see personal-page-cache.server.ts), in one query.
 */
export async function stampsOf(userId: string): Promise<{ catalog: number; user: number }> {
  const own = `user:${userId}`;
  const rows = await prisma.cacheStamp.findMany({
    where: { name: { in: [CATALOG, own] } },
    select: { name: true, version: true },
  });
  return {
    catalog: rows.find((row) => row.name === CATALOG)?.version ?? 0,
    user: rows.find((row) => row.name === own)?.version ?? 0,
  };
}
