// The server's own backups (BACKUP_EVERY_H; docs/decisions/029-backup-and-restore.md), started by
// app/jobs.server.ts. Time is cut into periods of BACKUP_EVERY_H hours from the Unix epoch (UTC);
// the first instance to insert the current period's BackupRun row makes its backup, and every
// other instance on the same database finds the row taken (the primary key refuses a second
// insert, on SQLite and PostgreSQL alike) and does nothing. An instance that dies mid-backup
// leaves its row without finishedAt: that period has no backup, the next one does.
import path from "node:path";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { backupConfig, createBackup, instanceName } from "./backup.server.ts";

const HOUR = 60 * 60 * 1000;
/** How often each instance looks whether a new period began (an in-memory comparison). */
const CHECK_EVERY = 60 * 1000;

/** The start of the period `now` is in. */
export function backupSlot(now: Date, everyHours: number): Date {
  const period = everyHours * HOUR;
  return new Date(Math.floor(now.getTime() / period) * period);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Claims a period's backup for this instance: true for the one instance whose insert succeeds. */
export async function claimBackupSlot(slot: Date, instance = instanceName(), client = prisma): Promise<boolean> {
  try {
    await client.backupRun.create({ data: { slot, instance } });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export type ScheduledRun = "made" | "taken" | "failed";

/** The period's backup, if this instance claims it; the outcome is written on the claim's row. */
export async function runScheduledBackup(
  slot: Date,
  make: () => Promise<{ path: string }> = () => createBackup(backupConfig()),
): Promise<ScheduledRun> {
  if (!(await claimBackupSlot(slot))) return "taken";
  try {
    const made = await make();
    const name = path.basename(made.path);
    await prisma.backupRun.update({ where: { slot }, data: { finishedAt: new Date(), name } });
    log.info({ backup: name }, `[backup] ${name} written`);
    return "made";
  } catch (error) {
    log.error({ err: error }, "[backup] the scheduled backup failed");
    const message = error instanceof Error ? error.message : String(error);
    await prisma.backupRun
      .update({ where: { slot }, data: { finishedAt: new Date(), error: message.slice(0, 1000) } })
      .catch(() => {});
    return "failed";
  }
}

/**
 * Every BACKUP_EVERY_H hours, one backup across all instances; nothing when it is unset. `every`
 * runs the check on the background jobs' timers (app/jobs.server.ts), which SIGTERM stops.
 */
export function startBackupSchedule(every: (ms: number, job: () => unknown) => void) {
  const everyHours = env().BACKUP_EVERY_H;
  if (!everyHours) return;
  let done: number | undefined;
  let running = false;
  const tick = () => {
    const slot = backupSlot(new Date(), everyHours);
    if (running || slot.getTime() === done) return;
    running = true;
    runScheduledBackup(slot)
      .then(() => (done = slot.getTime()))
      .catch((error) => log.error({ err: error }, "[backup] could not claim the scheduled backup"))
      .finally(() => (running = false));
  };
  every(CHECK_EVERY, tick);
}
