// Row counts kept by database triggers (the Tally table, prisma/schema.prisma; the triggers are in
// the migrations): a count the lists show costs one primary-key read at any size
// (docs/decisions/009-flat-cost-at-scale.md).
import { prisma } from "~/lib/db.server.ts";

/** The count under `key` (0 when no row was ever counted under it). */
export async function readTally(key: string): Promise<number> {
  const row = await prisma.tally.findUnique({ where: { key }, select: { n: true } });
  return Math.max(0, row?.n ?? 0);
}
