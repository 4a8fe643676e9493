// A scheduled backup's row in the e2e server's database (the server there makes none:
// scripts/e2e-server.ts sets BACKUP_EVERY_H=0), for the Resumen's 'Copia de seguridad'.
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- test fixture rows, as tests/ writes them
import { createPrismaClient } from "../app/lib/db.server.ts";

const dir = path.resolve(
  import.meta.dirname,
  "..",
  ".tmp",
  process.env.E2E_DIR_NAME ?? `e2e-${process.env.E2E_PORT ?? "3310"}`,
);

/** Today's period (UTC) backed up, `bytes` in size, an hour ago: the same row however often. */
export async function backupMadeToday(bytes: number): Promise<void> {
  const db = createPrismaClient(`file:${path.join(dir, "e2e.db")}`);
  const day = 24 * 60 * 60 * 1000;
  const slot = new Date(Math.floor(Date.now() / day) * day);
  const finishedAt = new Date(Date.now() - 60 * 60 * 1000);
  const row = { instance: "e2e", finishedAt, name: "academia-e2e", error: null, bytes: BigInt(bytes) };
  try {
    await db.backupRun.upsert({ where: { slot }, create: { slot, ...row }, update: row });
  } finally {
    await db.$disconnect();
  }
}
