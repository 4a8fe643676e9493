// A scheduled backup's row in the e2e server's database (the server there makes none:
// scripts/e2e-server.ts sets BACKUP_EVERY_H=0), for the Resumen's 'Copia de seguridad'.
import { e2eDb } from "./e2e-db.ts";

/** Today's period (UTC) backed up, `bytes` in size, an hour ago: the same row however often. */
export async function backupMadeToday(bytes: number): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const slot = new Date(Math.floor(Date.now() / day) * day);
  const finishedAt = new Date(Date.now() - 60 * 60 * 1000);
  const row = { instance: "e2e", finishedAt, name: "academia-e2e", error: null, bytes: BigInt(bytes) };
  await e2eDb().backupRun.upsert({ where: { slot }, create: { slot, ...row }, update: row });
}
