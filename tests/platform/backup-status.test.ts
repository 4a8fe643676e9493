// @postgresql: the scheduled backup runs the engine's own backup
// The scheduled backup by default and what the admin panel says about it: daily unless
// BACKUP_EVERY_H says otherwise (0: off), the first check at start, and the Resumen's 'Copia de
// seguridad' with a warning when the last run failed or the newest backup is older than two days.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { env, resetEnvCache } from "~/lib/env.server.ts";
import { backupConfig } from "~/features/backup/backup.server.ts";
import { backupSlot, runScheduledBackup, startBackupSchedule } from "~/features/backup/schedule.server.ts";
import { backupStatus } from "~/features/backup/status.server.ts";
import { backupWarning, type BackupRunView } from "~/features/backup/status.ts";
import { BACKUP_FAILED, BACKUP_NONE, BACKUP_OFF, BACKUP_STALE, formatBackupSize } from "~/features/backup/texts.ts";
import * as adminIndex from "~/routes/admin/index.tsx";
import { args, getRequest, signedIn } from "../factories.ts";
import { expectErrorLog } from "../setup.ts";

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["BACKUP_EVERY_H", "BACKUP_DIR"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
});

const HOUR = 60 * 60 * 1000;
const now = new Date(Date.UTC(2026, 10, 29, 12, 0));
const run = (hoursAgo: number, made = true): BackupRunView => ({
  at: new Date(now.getTime() - hoursAgo * HOUR),
  made,
  bytes: made ? 1234 : null,
  error: made ? null : "disk full",
});

describe("the schedule's default", () => {
  it("backs up daily when BACKUP_EVERY_H is unset or empty; 0 turns it off", () => {
    delete process.env.BACKUP_EVERY_H;
    resetEnvCache();
    expect(env().BACKUP_EVERY_H).toBe(24);
    process.env.BACKUP_EVERY_H = "";
    resetEnvCache();
    expect(env().BACKUP_EVERY_H).toBe(24);
    process.env.BACKUP_EVERY_H = "6";
    resetEnvCache();
    expect(env().BACKUP_EVERY_H).toBe(6);
    process.env.BACKUP_EVERY_H = "0";
    resetEnvCache();
    expect(env().BACKUP_EVERY_H).toBe(0);
    process.env.BACKUP_EVERY_H = "-1";
    resetEnvCache();
    expect(() => env()).toThrow(/BACKUP_EVERY_H/);
  });

  it("keeps the backups under DATA_DIR unless BACKUP_DIR says where", () => {
    delete process.env.BACKUP_DIR;
    resetEnvCache();
    expect(backupConfig().backupDir).toBe(path.join(env().dataDir, "backups"));
    process.env.BACKUP_DIR = path.join(env().dataDir, "elsewhere");
    resetEnvCache();
    expect(backupConfig().backupDir).toBe(path.join(env().dataDir, "elsewhere"));
  });

  it("starts no timer with BACKUP_EVERY_H=0; by default checks at once, then each minute", async () => {
    process.env.BACKUP_EVERY_H = "0";
    resetEnvCache();
    const timers: number[] = [];
    startBackupSchedule((ms) => timers.push(ms));
    expect(timers).toEqual([]);
    expect(await prisma.backupRun.count()).toBe(0);

    delete process.env.BACKUP_EVERY_H;
    resetEnvCache();
    startBackupSchedule((ms) => timers.push(ms));
    expect(timers).toEqual([60_000]);
    // The check at start claimed today's period (UTC) and made its backup, with its size.
    const slot = backupSlot(new Date(), 24);
    await expect
      .poll(() => prisma.backupRun.findUnique({ where: { slot } }).then((row) => row?.finishedAt ?? null), {
        timeout: 15_000,
      })
      .not.toBeNull();
    const row = await prisma.backupRun.findUniqueOrThrow({ where: { slot } });
    expect(row).toMatchObject({ error: null, name: expect.stringMatching(/^academia-/) });
    expect(Number(row.bytes)).toBeGreaterThan(0);
    await prisma.backupRun.deleteMany();
  });
});

describe("the warning rule", () => {
  const rule = (last: BackupRunView | null, lastMade: BackupRunView | null, everyHours = 24) =>
    backupWarning({ last, lastMade, everyHours, now });

  it("says nothing while the newest backup is made and at most two days old", () => {
    expect(rule(run(1), run(1))).toBeNull();
    expect(rule(run(48), run(48))).toBeNull();
  });

  it("warns when the newest backup is older than two days, when none was made and when the last run failed", () => {
    expect(rule(run(49), run(49))).toBe(BACKUP_STALE);
    expect(rule(null, null)).toBe(BACKUP_NONE);
    expect(rule(run(1, false), run(25))).toBe(BACKUP_FAILED);
    expect(rule(run(1, false), null)).toBe(BACKUP_FAILED);
  });

  it("says the schedule is off when it warns with BACKUP_EVERY_H=0", () => {
    expect(rule(null, null, 0)).toBe(`${BACKUP_NONE} ${BACKUP_OFF}`);
    expect(rule(run(1), run(1), 0)).toBeNull();
  });

  it("writes sizes in the academy's locale", () => {
    expect(formatBackupSize(850_000)).toBe("850 kB");
    expect(formatBackupSize(12_345_678)).toBe("12,3 MB");
    expect(formatBackupSize(1_200_000_000)).toBe("1,2 GB");
  });
});

describe("the admin's Resumen shows the last backup", () => {
  const fake = (bytes: number) => () =>
    Promise.resolve({
      path: "/backups/academia-x",
      manifest: {
        database: { file: "database.sqlite", bytes, sha256: "" },
        storage: "local" as const,
        files: [{ key: "a", size: 1000 }],
      } as never,
    });

  it("made (when and size), then failed with the newest complete one, then too old", async () => {
    const { cookie } = await signedIn("admin");
    const page = async () =>
      (await adminIndex.loader(args(getRequest("/admin", cookie)))) as Awaited<ReturnType<typeof adminIndex.loader>>;
    await prisma.backupRun.deleteMany();
    expect((await page()).backup).toMatchObject({ last: null, lastMade: null, warning: BACKUP_NONE, everyHours: 24 });

    const today = backupSlot(new Date(), 24);
    expect(await runScheduledBackup(today, fake(5_000_000))).toBe("made");
    const made = (await page()).backup;
    expect(made.warning).toBeNull();
    expect(made.last).toMatchObject({ made: true, bytes: 5_001_000, error: null });
    expect(made.lastMade).toEqual(made.last);

    const tomorrow = new Date(today.getTime() + 24 * HOUR);
    expectErrorLog(); // "[backup] the scheduled backup failed"
    expect(await runScheduledBackup(tomorrow, () => Promise.reject(new Error("No space left on device")))).toBe(
      "failed",
    );
    const failed = (await page()).backup;
    expect(failed.warning).toBe(BACKUP_FAILED);
    expect(failed.last).toMatchObject({ made: false, bytes: null, error: "No space left on device" });
    expect(failed.lastMade).toMatchObject({ made: true, bytes: 5_001_000 });

    // Three days later, the only complete backup is too old.
    await prisma.backupRun.delete({ where: { slot: tomorrow } });
    const later = await backupStatus(new Date(Date.now() + 3 * 24 * HOUR));
    expect(later.warning).toBe(BACKUP_STALE);
  });
});
