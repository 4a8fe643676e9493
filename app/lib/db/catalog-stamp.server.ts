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
