// The last scheduled backups for the admin panel (BackupRun rows, schedule.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { backupWarning, type BackupRunView } from "./status.ts";

const runSelect = { finishedAt: true, name: true, error: true, bytes: true } as const;
type RunRow = { finishedAt: Date | null; name: string | null; error: string | null; bytes: bigint | null };

function view(row: RunRow | null): BackupRunView | null {
  if (!row?.finishedAt) return null;
  const made = row.name !== null && row.error === null;
  return { at: row.finishedAt, made, bytes: row.bytes === null ? null : Number(row.bytes), error: row.error };
}

/**
 * The newest finished run and the newest made one (the same row when the last run worked), the
 * schedule (BACKUP_EVERY_H, 0: off) and the warning the panel shows. Both reads walk the primary
 * key from the newest period: a few rows.
 */
export async function backupStatus(now = new Date()) {
  const everyHours = env().BACKUP_EVERY_H;
  const [lastRow, madeRow] = await Promise.all([
    prisma.backupRun.findFirst({ where: { finishedAt: { not: null } }, orderBy: { slot: "desc" }, select: runSelect }),
    prisma.backupRun.findFirst({
      where: { finishedAt: { not: null }, name: { not: null }, error: null },
      orderBy: { slot: "desc" },
      select: runSelect,
    }),
  ]);
  const last = view(lastRow);
  const lastMade = view(madeRow);
  return { last, lastMade, everyHours, warning: backupWarning({ last, lastMade, everyHours, now }) };
}
