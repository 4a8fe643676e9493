// The server's own backups (BACKUP_EVERY_H; docs/decisions/029-backup-and-restore.md). Time is cut
// into periods of BACKUP_EVERY_H hours from the epoch; the instance whose insert of the period's
// BackupRun row succeeds makes its backup (the primary key refuses every other). An instance
// killed mid-backup leaves its row unfinished: that period has no backup, the next one does.
//
// A stopping server (stopBackupSchedule) stops its backup at once, not within the shutdown's
// deadline: the row says INTERRUPTED and the partial folder goes before anything waits. So that a
// daily deploy at the backup's hour does not leave every period without one, the next check of an
// instance that has not handled the period takes it over (one conditional update, one winner).
import path from "node:path";
import { isUniqueViolation, prisma } from "../../lib/db.server.ts";
import { env } from "../../lib/env.server.ts";
import { log } from "../../lib/log.server.ts";
import { backupConfig, createBackup, instanceName, type Manifest } from "./backup.server.ts";

const HOUR = 60 * 60 * 1000;
/** How often each instance looks whether a new period began (an in-memory comparison). */
const CHECK_EVERY = 60 * 1000;

/** The start of the period `now` is in. */
export function backupSlot(now: Date, everyHours: number): Date {
  const period = everyHours * HOUR;
  return new Date(Math.floor(now.getTime() / period) * period);
}

/** The error written on the row of a backup a stopping server interrupted: the period is taken over. */
const INTERRUPTED = "Interrupted: the server stopped during the backup; the next instance to start makes it.";

/** A run's hold on its period's row: the row is this run's while its instance and startedAt are these. */
export type BackupClaim = { slot: Date; instance: string; startedAt: Date };

/**
 * Claims a period's backup: the claim when this instance's insert succeeds or its update takes
 * over an interrupted period; else "taken" (under way or interrupted: ask again at the next check)
 * or "done" (finished, made or failed).
 */
export async function claimBackupSlot(
  slot: Date,
  instance = instanceName(),
  client = prisma,
): Promise<BackupClaim | "taken" | "done"> {
  const claim = { slot, instance, startedAt: new Date() };
  const { count } = await client.backupRun.updateMany({
    where: { slot, error: INTERRUPTED },
    data: { instance, startedAt: claim.startedAt, finishedAt: null, error: null },
  });
  if (count === 1) return claim;
  const state = () => client.backupRun.findUnique({ where: { slot }, select: { finishedAt: true, error: true } });
  let row = await state();
  if (!row) {
    try {
      await client.backupRun.create({ data: claim });
      return claim;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    row = await state();
  }
  return row?.finishedAt && row.error !== INTERRUPTED ? "done" : "taken";
}

/** Writes a run's outcome on its row if the row is still this run's and unfinished; true when written. */
async function finishRun(
  claim: BackupClaim,
  outcome: { name: string; bytes: bigint | null } | { error: string },
): Promise<boolean> {
  const { count } = await prisma.backupRun.updateMany({
    where: { slot: claim.slot, instance: claim.instance, startedAt: claim.startedAt, finishedAt: null },
    data: { finishedAt: new Date(), ...outcome },
  });
  return count === 1;
}

/** What a check did: this instance's backup "made", "failed" or "interrupted"; another's "taken" or "done". */
export type ScheduledRun = "made" | "taken" | "done" | "failed" | "interrupted";

/** A backup's size: its database file and the stored files it copied (none with S3). */
function backupBytes(manifest: Manifest): number {
  return (
    manifest.database.bytes +
    manifest.files.reduce((sum, file) => sum + (manifest.storage === "local" ? file.size : 0), 0)
  );
}

/** A backup made by `npm run backup`, on the same table (its start as the key) so the admin panel shows it too. */
export async function recordManualBackup(
  startedAt: Date,
  outcome: { path: string; manifest: Manifest } | { error: string },
): Promise<void> {
  const result =
    "error" in outcome
      ? { error: outcome.error.slice(0, 1000) }
      : { name: path.basename(outcome.path), bytes: BigInt(backupBytes(outcome.manifest)) };
  await prisma.backupRun.create({
    data: {
      slot: startedAt,
      instance: `npm run backup (${instanceName()})`,
      startedAt,
      finishedAt: new Date(),
      ...result,
    },
  });
}

/** What makes a scheduled backup: createBackup, or a test's stand-in (its manifest gives the size). */
type MakeBackup = (signal: AbortSignal) => Promise<{ path: string; manifest?: Manifest }>;

/** The scheduled backups under way in this process, with what stops each (stopBackupSchedule). */
const running = new Map<Promise<ScheduledRun>, () => Promise<unknown>>();

/** The period's backup if this instance claims it (outcome on the row); `make` gets stopBackupSchedule's signal. */
export function runScheduledBackup(
  slot: Date,
  make: MakeBackup = (signal) => createBackup({ ...backupConfig(), signal }),
): Promise<ScheduledRun> {
  const stop = new AbortController();
  let claim: BackupClaim | undefined;
  let marked: Promise<unknown> | undefined;
  // The row says "interrupted" once, as soon as both the stop and the claim are there.
  const markInterrupted = () =>
    claim
      ? (marked ??= finishRun(claim, { error: INTERRUPTED }).catch((error: unknown) =>
          log.error({ err: error }, "[backup] could not mark the scheduled backup interrupted"),
        ))
      : Promise.resolve();
  const run = (async (): Promise<ScheduledRun> => {
    const claimed = await claimBackupSlot(slot);
    if (typeof claimed === "string") return claimed;
    claim = claimed;
    try {
      if (stop.signal.aborted) throw new Error("stopped before it began");
      const made = await make(stop.signal);
      const name = path.basename(made.path);
      const bytes = made.manifest ? BigInt(backupBytes(made.manifest)) : null;
      if (await finishRun(claim, { name, bytes })) {
        log.info({ backup: name }, `[backup] ${name} written`);
        return "made";
      }
      // The stop came as the backup completed: the row already says interrupted; the folder stays.
      log.warn({ backup: name }, `[backup] ${name} written, but its run was already marked interrupted`);
      return "interrupted";
    } catch (error) {
      if (stop.signal.aborted) {
        log.warn(`[backup] the scheduled backup of ${slot.toISOString()} was stopped: the server is stopping`);
        await markInterrupted();
        return "interrupted";
      }
      log.error({ err: error }, "[backup] the scheduled backup failed");
      const message = error instanceof Error ? error.message : String(error);
      await finishRun(claim, { error: message.slice(0, 1000) }).catch(() => {});
      return "failed";
    }
  })();
  running.set(run, () => {
    stop.abort();
    return markInterrupted();
  });
  void run.finally(() => running.delete(run)).catch(() => {});
  return run;
}

/**
 * Stops the scheduled backups under way: each is ended and its row marked interrupted before
 * anything waits (a big VACUUM INTO can outlast the server's deadline); then waits for them to end.
 */
export async function stopBackupSchedule(): Promise<void> {
  const runs = [...running];
  await Promise.allSettled(runs.map(([, interrupt]) => interrupt()));
  await Promise.allSettled(runs.map(([run]) => run));
}

/**
 * One instance's check, each minute: the current period's backup, unless this instance handled the
 * period or a check is under way (then undefined). `make` and `now` are the tests'.
 */
export function scheduleCheck(
  everyHours: number,
  make?: MakeBackup,
  now = () => new Date(),
): () => Promise<ScheduledRun | undefined> {
  let done: number | undefined;
  let checking: Promise<ScheduledRun | undefined> | undefined;
  return () => {
    const slot = backupSlot(now(), everyHours);
    if (checking || slot.getTime() === done) return Promise.resolve(undefined);
    checking = runScheduledBackup(slot, make)
      .then((outcome) => {
        // "taken": another instance's run, which a stop may yet interrupt: asked again next check.
        if (outcome !== "taken") done = slot.getTime();
        return outcome;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "[backup] could not claim the scheduled backup");
        return undefined;
      })
      .finally(() => (checking = undefined));
    return checking;
  };
}

/** One backup every BACKUP_EVERY_H hours across all instances (none when 0); the first check at start. */
export function startBackupSchedule(every: (ms: number, job: () => unknown) => void) {
  const everyHours = env().BACKUP_EVERY_H;
  if (!everyHours) return;
  const check = scheduleCheck(everyHours);
  void check();
  every(CHECK_EVERY, () => void check());
}
