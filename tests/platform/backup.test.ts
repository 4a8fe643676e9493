// @postgresql: backups and restore (pg_dump / pg_restore)
// Backup and restore (docs/decisions/029-backup-and-restore.md), on the database of the run:
// SQLite in `npm run test:unit`, PostgreSQL in `npm run test:pg` (TEST_DATABASE=postgresql). A
// backup made while rows and files are being written and deleted is restored into an empty
// database and data directory, after the live data was changed and deleted, and every write
// acknowledged before the backup began is there, its file included, byte for byte.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient, prisma } from "~/lib/db.server.ts";
import { databaseProvider, databaseUrl, pgSettings, sqliteFilePath } from "~/lib/db-adapter.ts";
import { env } from "~/lib/env.server.ts";
import { createLocalStorage } from "~/lib/storage/local.server.ts";
import { createS3Storage } from "~/lib/storage/s3.server.ts";
import { deleteStored, fileStorage, storeBytes, uploadsDir } from "~/lib/storage.server.ts";
import {
  BackupError,
  choosePgTool,
  createBackup,
  listBackups,
  MANIFEST,
  FILES_DIR,
  type DataTarget,
  type Manifest,
} from "~/features/backup/backup.server.ts";
import { restoreBackup } from "~/features/backup/restore.server.ts";
import {
  backupSlot,
  claimBackupSlot,
  runScheduledBackup,
  scheduleCheck,
  stopBackupSchedule,
} from "~/features/backup/schedule.server.ts";
import { migrationsFolderFor } from "../../server/migrate/index.ts";
import { PG_TEST_PREFIX } from "../global-setup.ts";

const url = databaseUrl();
const engine = databaseProvider(url);
const root = path.dirname(env().dataDir);
const knownMigrations = fs.readdirSync(migrationsFolderFor(url));
const sha = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");
const opened: { $disconnect(): Promise<void> }[] = [];

afterAll(async () => {
  for (const client of opened) await client.$disconnect();
});

/** An empty database (a new SQLite file, or a new PostgreSQL database of this run) and data directory. */
async function emptyTarget(): Promise<DataTarget> {
  const id = crypto.randomBytes(6).toString("hex");
  const dir = path.join(root, `restore-${id}`);
  const uploads = path.join(dir, "uploads");
  const storage = createLocalStorage(() => uploads);
  if (engine === "sqlite")
    return { databaseUrl: `file:${path.join(dir, "academia.db")}`, uploadsDir: uploads, storage };
  const name = `${PG_TEST_PREFIX}${process.env.ACADEMIA_TEST_PG_RUN}_restore_${id}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
  const target = new URL(process.env.TEST_POSTGRES_URL!);
  target.pathname = `/${name}`;
  return { databaseUrl: target.toString(), uploadsDir: uploads, storage };
}

function client(target: DataTarget) {
  const c = createPrismaClient(target.databaseUrl);
  opened.push(c);
  return c;
}

const live = (): DataTarget => ({ databaseUrl: url, uploadsDir: uploadsDir(), storage: fileStorage() });
const backupDir = () => path.join(root, `backups-${crypto.randomBytes(4).toString("hex")}`);

/** One acknowledged write: a row that names a stored file, with the bytes that were stored. */
type Ack = { table: "User" | "Book"; id: string; key: string; bytes: Uint8Array; label: string; at: number };

async function writeUser(label: string): Promise<Ack> {
  const bytes = crypto.randomBytes(64 + Math.floor(Math.random() * 2048));
  const key = await storeBytes("avatars", "png", bytes);
  const row = await prisma.user.create({
    data: {
      nombre: label,
      apellido: "Respaldo",
      correo: `${crypto.randomUUID()}@test.cl`,
      rol: "estudiante",
      passwordHash: "x",
      imagenPerfil: key,
    },
  });
  return { table: "User", id: row.id, key, bytes, label, at: Date.now() };
}

async function writeBook(label: string): Promise<Ack> {
  const bytes = crypto.randomBytes(4096);
  const key = await storeBytes("books", "pdf", bytes);
  const row = await prisma.book.create({
    data: { title: label, author: "A", pages: 1, description: "", pdfKey: key, pdfSize: bytes.length, searchText: "" },
  });
  return { table: "Book", id: row.id, key, bytes, label, at: Date.now() };
}

/** A row deleted as the app deletes it: the row, then its file. */
async function deleteAck(ack: Ack) {
  if (ack.table === "User") await prisma.user.delete({ where: { id: ack.id } });
  else await prisma.book.delete({ where: { id: ack.id } });
  await deleteStored(ack.key);
}

const storagePathIn = (target: DataTarget, key: string) => path.join(target.uploadsDir, key);

/** Every acknowledged write is in the restored database with its label and its file's bytes. */
async function expectRestored(target: DataTarget, acks: Ack[]) {
  const db = client(target);
  const users = new Map(
    (await db.user.findMany({ select: { id: true, nombre: true, imagenPerfil: true } })).map((u) => [u.id, u]),
  );
  const books = new Map(
    (await db.book.findMany({ select: { id: true, title: true, pdfKey: true } })).map((b) => [b.id, b]),
  );
  for (const ack of acks) {
    const row = ack.table === "User" ? users.get(ack.id) : books.get(ack.id);
    const [label, key] =
      ack.table === "User"
        ? [users.get(ack.id)?.nombre, users.get(ack.id)?.imagenPerfil]
        : [books.get(ack.id)?.title, books.get(ack.id)?.pdfKey];
    expect(row, `${ack.table} ${ack.label}`).toBeDefined();
    expect({ label, key }).toEqual({ label: ack.label, key: ack.key });
    expect(sha(fs.readFileSync(path.join(target.uploadsDir, ack.key)))).toBe(sha(ack.bytes));
  }
  // No restored row names a file the restore lacks (rows written or deleted during the backup included).
  const keys = [...users.values()].map((u) => u.imagenPerfil).concat([...books.values()].map((b) => b.pdfKey));
  for (const key of keys.filter((k): k is string => !!k))
    expect(fs.existsSync(path.join(target.uploadsDir, key)), key).toBe(true);
  return { users, books };
}

// Each test makes backups (files copied, a worker thread or pg_dump, s3rver): a second or two
// alone, many more on a loaded machine.
describe(`backup and restore on ${engine}`, { timeout: 90_000 }, () => {
  it("restores every write acknowledged before a backup made while rows and files were written and deleted", async () => {
    const kept: Ack[] = [];
    const doomed: Ack[] = [];
    for (let i = 0; i < 12; i++) kept.push(await writeUser(`antes ${i}`));
    for (let i = 0; i < 3; i++) kept.push(await writeBook(`libro ${i}`));
    for (let i = 0; i < 6; i++) doomed.push(await writeUser(`borrable ${i}`));

    // Writes go on through the backup: new rows with files, and deletions (row, then file) of others.
    let writing = true;
    const during: Ack[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        during.push(await writeUser(`durante ${i}`));
        const victim = doomed.shift();
        if (victim) await deleteAck(victim);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const dir = backupDir();
    const started = Date.now();
    // And at the two moments that matter: a row with its file written after the first file copies
    // but before the database's snapshot (its file is copied after the snapshot), and a row of
    // before the backup deleted with its file once the snapshot is taken (its file was copied before).
    let inSnapshot: Ack | undefined;
    let afterSnapshot: Ack | undefined;
    const deletedMidway = kept[1]!;
    const made = await createBackup({
      ...live(),
      backupDir: dir,
      keep: 3,
      between: {
        beforeSnapshot: async () => void (inSnapshot = await writeUser("antes de la instantánea")),
        afterSnapshot: async () => {
          await deleteAck(deletedMidway);
          afterSnapshot = await writeUser("después de la instantánea");
        },
      },
    });
    const finished = Date.now();
    writing = false;
    await writer;

    const before = [...kept, ...during.filter((ack) => ack.at < started)];
    expect(during.filter((ack) => ack.at >= started && ack.at <= finished).length).toBeGreaterThan(0);
    expect(made.manifest.engine).toBe(engine);
    expect(made.manifest.missing).toEqual([]);
    expect(made.manifest.migration).toBe(
      knownMigrations
        .filter((n) => /^\d/.test(n))
        .sort()
        .at(-1),
    );
    expect(made.manifest.tables.User).toBeGreaterThanOrEqual(12 + before.length - kept.length);
    expect(fs.readdirSync(dir)).toEqual([path.basename(made.path)]);

    // After the backup: every kept row changed, a third of them deleted with their files.
    await prisma.user.updateMany({ where: { apellido: "Respaldo" }, data: { nombre: "cambiado" } });
    await prisma.book.updateMany({ data: { title: "cambiado" } });
    for (const ack of kept.filter((_, i) => i % 3 === 0)) await deleteAck(ack);

    const target = await emptyTarget();
    const result = await restoreBackup({ ...target, from: made.path, knownMigrations });
    expect(result.files).toBe(made.manifest.files.length);
    expect(result.rows).toBe(Object.values(made.manifest.tables).reduce((a, b) => a + b, 0));
    const { users } = await expectRestored(target, [...before, inSnapshot!]);
    expect(fs.existsSync(storagePathIn(target, deletedMidway.key))).toBe(true);
    expect(users.has(afterSnapshot!.id)).toBe(false);
    // Nothing of after the backup: no changed name.
    expect([...users.values()].some((u) => u.nombre === "cambiado")).toBe(false);
  });

  it("refuses a target that is not empty, and changes nothing there", async () => {
    const ack = await writeUser("ocupada");
    const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
    const target = await emptyTarget();
    await restoreBackup({ ...target, from: made.path, knownMigrations });
    // The restored database is readable by its owner only, as a new one is.
    if (engine === "sqlite") expect(fs.statSync(sqliteFilePath(target.databaseUrl)).mode & 0o777).toBe(0o600);

    // The restored academy lives on: a row and a file changed, then the same backup again.
    const db = client(target);
    await db.user.update({ where: { id: ack.id }, data: { nombre: "después" } });
    fs.writeFileSync(path.join(target.uploadsDir, ack.key), "cambiado");
    const refused = await restoreBackup({ ...target, from: made.path, knownMigrations }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as BackupError).exitCode).toBe(2);
    expect((refused as BackupError).message).toMatch(
      /^La restauración solo escribe en una base de datos vacía, y aquí hay datos: la base de datos de DATABASE_URL tiene \d+ tabla\(s\) y .*uploads tiene archivos\. No se cambió nada\. Restaura en una vacía: /,
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: ack.id } })).nombre).toBe("después");
    expect(fs.readFileSync(path.join(target.uploadsDir, ack.key), "utf8")).toBe("cambiado");

    // An empty database beside an uploads folder that holds a file: refused, nothing written.
    const other = await emptyTarget();
    const stray = `avatars/${crypto.randomUUID()}.png`;
    fs.mkdirSync(path.join(other.uploadsDir, "avatars"), { recursive: true });
    fs.writeFileSync(path.join(other.uploadsDir, stray), "x");
    await expect(restoreBackup({ ...other, from: made.path, knownMigrations })).rejects.toThrow(
      /aquí hay datos: .*uploads tiene archivos\. No se cambió nada/,
    );
    expect(filesUnder(other.uploadsDir)).toEqual([stray]);
    expect(await tablesIn(other)).toBe(0);
  });

  it("refuses a damaged backup and one of a newer migration before touching the target", async () => {
    await writeUser("dañado");
    const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
    const target = await emptyTarget();

    const manifestFile = path.join(made.path, MANIFEST);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, migration: "29991231000000_future" }));
    await expect(restoreBackup({ ...target, from: made.path, knownMigrations })).rejects.toThrow(
      /at migration 29991231000000_future, which this version does not have/,
    );
    // A manifest that is not JSON at all: a refusal (exit 2) that says so, not a stack trace.
    fs.writeFileSync(manifestFile, JSON.stringify(manifest).slice(0, -20));
    const malformed = await restoreBackup({ ...target, from: made.path, knownMigrations }).catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(BackupError);
    expect((malformed as BackupError).exitCode).toBe(2);
    expect((malformed as BackupError).message).toMatch(/manifest\.json is not valid JSON \(damaged or cut short\)/);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));

    const file = path.join(made.path, FILES_DIR, manifest.files[0]!.key);
    const bytes = fs.readFileSync(file);
    bytes[0] = bytes[0]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    await expect(restoreBackup({ ...target, from: made.path, knownMigrations })).rejects.toThrow(/missing or damaged/);
    expect(fs.existsSync(target.uploadsDir)).toBe(false);
    expect(await tablesIn(target)).toBe(0);
  });

  it("keeps the newest BACKUP_KEEP complete backups, never lists a partial one, and removes a dead run's", async () => {
    const dir = backupDir();
    fs.mkdirSync(path.join(dir, ".partial-abc123"), { recursive: true });
    // A run that died two days ago left its partial folder: removed with the old backups.
    fs.mkdirSync(path.join(dir, ".partial-died"));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(path.join(dir, ".partial-died"), twoDaysAgo, twoDaysAgo);
    fs.mkdirSync(path.join(dir, "academia-20000101T000000Z")); // no manifest: not a complete backup
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await createBackup({
        ...live(),
        backupDir: dir,
        keep: 2,
        now: new Date(Date.UTC(2026, 10, 27, 3, 0, i)),
      });
      names.push(path.basename(made.path));
      expect(made.pruned).toEqual(i === 2 ? [names[0]] : []);
    }
    expect(names).toEqual(["academia-20261127T030000Z", "academia-20261127T030001Z", "academia-20261127T030002Z"]);
    expect(await listBackups(dir)).toEqual(names.slice(1));
    expect(fs.readdirSync(dir).sort()).toEqual([".partial-abc123", "academia-20000101T000000Z", ...names.slice(1)]);
    // Two backups of the same second get distinct names.
    const again = await createBackup({
      ...live(),
      backupDir: dir,
      keep: 5,
      now: new Date(Date.UTC(2026, 10, 27, 3, 0, 2)),
    });
    expect(path.basename(again.path)).toBe("academia-20261127T030002Z-2");
  });

  it("lets one instance of several make a period's scheduled backup", async () => {
    const other = client({ ...live() });
    const slot = backupSlot(new Date(Date.UTC(2026, 10, 27, 14, 30)), 6);
    expect(slot.toISOString()).toBe("2026-11-27T12:00:00.000Z");
    const claims = await Promise.all([claimBackupSlot(slot, "a"), claimBackupSlot(slot, "b", other)]);
    expect(claims.filter((claim) => typeof claim === "object")).toHaveLength(1);
    expect(claims).toContain("taken");

    // Two instances' schedules racing for the next period: one backup.
    const next = backupSlot(new Date(Date.UTC(2026, 10, 27, 18, 0)), 6);
    const dir = backupDir();
    let made = 0;
    const make = () => {
      made += 1;
      return createBackup({ ...live(), backupDir: dir, keep: 3 });
    };
    const outcomes = await Promise.all([runScheduledBackup(next, make), runScheduledBackup(next, make)]);
    expect(outcomes.filter((o) => o === "made")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "made")).toEqual([expect.stringMatching(/^(taken|done)$/)]);
    expect(made).toBe(1);
    const row = await prisma.backupRun.findUniqueOrThrow({ where: { slot: next } });
    expect(row.finishedAt).not.toBeNull();
    expect(await listBackups(dir)).toEqual([row.name]);
    // Its size: the database file and the stored files it holds (the admin panel shows it).
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, row.name!, MANIFEST), "utf8")) as Manifest;
    const files = manifest.files.reduce((sum, file) => sum + file.size, 0);
    expect(row.bytes).toBe(BigInt(manifest.database.bytes + files));
  });

  it("leaves the target empty when the engine fails on the backup's database part-way, and restores it then", async () => {
    const ack = await writeUser("a medias");
    const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
    // The database file cut short and its manifest made to match: only the engine can tell (SQLite's
    // check of the copy; pg_restore at the last table's data, once every table is made).
    const file = path.join(made.path, made.manifest.database.file);
    const whole = fs.readFileSync(file);
    const manifestFile = path.join(made.path, MANIFEST);
    const cut = whole.subarray(0, engine === "sqlite" ? Math.floor(whole.length / 2) : whole.length - 100);
    fs.writeFileSync(file, cut);
    const database = { ...made.manifest.database, sha256: sha(cut) };
    fs.writeFileSync(manifestFile, JSON.stringify({ ...made.manifest, database }));
    const target = await emptyTarget();

    const failed = await restoreBackup({ ...target, from: made.path, knownMigrations }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(BackupError);
    expect((failed as BackupError).message).toMatch(/^The restore failed; the target is empty again/);
    expect(await tablesIn(target)).toBe(0);
    expect(filesUnder(target.uploadsDir)).toEqual([]);
    expect(fs.readdirSync(path.dirname(target.uploadsDir))).toEqual(["uploads"]);

    // So the whole backup restores into the same target.
    fs.writeFileSync(file, whole);
    fs.writeFileSync(manifestFile, JSON.stringify(made.manifest));
    await restoreBackup({ ...target, from: made.path, knownMigrations });
    await expectRestored(target, [ack]);
  });

  it.runIf(engine === "postgresql")("takes a database whose only objects are an extension's as empty", async (ctx) => {
    await writeUser("extensión");
    const target = await emptyTarget();
    const db = new pg.Client(pgSettings(target.databaseUrl).config);
    await db.connect();
    try {
      const available = await db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
      if (available.rowCount === 0) ctx.skip();
      await db.query("CREATE EXTENSION pg_trgm");
      const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
      await restoreBackup({ ...target, from: made.path, knownMigrations });
      expect((await db.query("SELECT similarity('respaldo', 'respaldos') > 0.5 AS close")).rows).toEqual([
        { close: true },
      ]);
    } finally {
      await db.end();
    }
  });

  it.runIf(engine === "postgresql")(
    "does not count an extension's tables: a source whose extension owns a table restores and checks",
    async (ctx) => {
      await writeUser("tabla de extensión");
      const source = new pg.Client(pgSettings(url).config);
      await source.connect();
      try {
        const available = await source.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
        if (available.rowCount === 0) ctx.skip();
        // As PostGIS's spatial_ref_sys: a table with rows that belongs to an extension (pg_dump leaves it out).
        await source.query(
          'CREATE EXTENSION pg_trgm; CREATE TABLE "ZzDeExtension" (v int); INSERT INTO "ZzDeExtension" VALUES (1); ' +
            'ALTER EXTENSION pg_trgm ADD TABLE "ZzDeExtension"',
        );
        const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
        expect(Object.keys(made.manifest.tables)).not.toContain("ZzDeExtension");
        const target = await emptyTarget();
        const result = await restoreBackup({ ...target, from: made.path, knownMigrations });
        expect(result.tables).toBe(Object.keys(made.manifest.tables).length);
      } finally {
        await source.query('DROP EXTENSION IF EXISTS pg_trgm CASCADE; DROP TABLE IF EXISTS "ZzDeExtension"');
        await source.end();
      }
    },
  );

  it("stops a scheduled backup when the server stops: no pg_dump left, no partial folder, the period retried", async () => {
    await writeUser("apagado");
    const slot = backupSlot(new Date(Date.UTC(2026, 10, 28, 6, 0)), 6);
    const dir = backupDir();
    // PostgreSQL: a lock that pg_dump waits for, so the stop finds it running. SQLite: the stop
    // comes between the first file copies and the snapshot.
    const locker = engine === "postgresql" ? new pg.Client(pgSettings(url).config) : undefined;
    await locker?.connect();
    let stopping: Promise<void> | undefined;
    try {
      const run = runScheduledBackup(slot, (signal) =>
        createBackup({
          ...live(),
          backupDir: dir,
          keep: 3,
          signal,
          between: {
            beforeSnapshot: async () => {
              if (locker) await locker.query('BEGIN; LOCK TABLE "User" IN ACCESS EXCLUSIVE MODE');
              else stopping = stopBackupSchedule();
            },
          },
        }),
      );
      if (locker) {
        for (let waited = 0; ; waited += 50) {
          const [row] = await prisma.$queryRaw<{ n: bigint }[]>`
            SELECT count(*) AS n FROM pg_stat_activity
            WHERE application_name = 'pg_dump' AND wait_event_type = 'Lock' AND datname = current_database()`;
          if (Number(row!.n) > 0) break;
          if (waited > 30_000) throw new Error("pg_dump never waited for the lock");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        stopping = stopBackupSchedule();
      }
      await stopping;
      expect(await run).toBe("interrupted");
      // Stopped without the lock being released: pg_dump was ended, not waited for.
      expect(childProcesses()).not.toContain("pg_dump");
      expect(fs.readdirSync(dir)).toEqual([]);
      const row = await prisma.backupRun.findUniqueOrThrow({ where: { slot } });
      expect(row.finishedAt).not.toBeNull();
      expect(row.name).toBeNull();
      expect(row.error).toMatch(/^Interrupted: the server stopped/);
    } finally {
      await locker?.query("ROLLBACK");
      await locker?.end();
    }

    // The next start (a restart, another instance's first check) makes the interrupted period's backup.
    const again = await runScheduledBackup(slot, (signal) =>
      createBackup({ ...live(), backupDir: dir, keep: 3, signal }),
    );
    expect(again).toBe("made");
    const row = await prisma.backupRun.findUniqueOrThrow({ where: { slot } });
    expect(row.error).toBeNull();
    expect(await listBackups(dir)).toEqual([row.name]);
    // A period that has its backup is not taken again.
    expect(await claimBackupSlot(slot, "otra")).toBe("done");
    await stopBackupSchedule(); // nothing running: returns at once
  });

  it("makes a period another instance's stop interrupted at a later check of the instances that found it taken", async () => {
    // A rolling deploy: the new instances (B, C) start while the old one (A) makes the period's
    // backup, find it taken, and A is stopped after that.
    const slot = backupSlot(new Date(Date.UTC(2026, 10, 29, 6, 0)), 6);
    const now = () => new Date(slot.getTime() + 10 * 60 * 1000);
    let startedA!: () => void;
    const runningA = new Promise<void>((resolve) => (startedA = resolve));
    const checkA = scheduleCheck(
      6,
      (signal) =>
        new Promise((_, reject) => {
          startedA();
          signal.addEventListener("abort", () => reject(new BackupError("stopped")), { once: true });
        }),
      now,
    );
    const made: string[] = [];
    const fake = (who: string) => () => {
      made.push(who);
      return Promise.resolve({ path: path.join("/backups", `academia-${who}`) });
    };
    const checkB = scheduleCheck(6, fake("b"), now);
    const checkC = scheduleCheck(6, fake("c"), now);
    const a = checkA();
    await runningA;
    for (let i = 0; i < 2; i++) expect([await checkB(), await checkC()]).toEqual(["taken", "taken"]);
    await stopBackupSchedule();
    expect(await a).toBe("interrupted");
    expect((await prisma.backupRun.findUniqueOrThrow({ where: { slot } })).error).toMatch(/^Interrupted/);

    // Their next checks: one of them takes the period over and makes its backup.
    const outcomes = await Promise.all([checkB(), checkC()]);
    expect(outcomes.filter((o) => o === "made")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "made")).toEqual([expect.stringMatching(/^(taken|done)$/)]);
    expect(made).toHaveLength(1);
    const row = await prisma.backupRun.findUniqueOrThrow({ where: { slot } });
    expect(row).toMatchObject({ name: `academia-${made[0]}`, error: null });
    expect(row.finishedAt).not.toBeNull();
    // Once the period has its backup, no check tries again.
    for (let i = 0; i < 2; i++) await Promise.all([checkB(), checkC()]);
    expect(await Promise.all([checkA(), checkB(), checkC()])).toEqual([undefined, undefined, undefined]);
    expect(made).toHaveLength(1);
  });

  it("marks a stopped backup's row interrupted before the backup has ended, and a late finish cannot mark it made", async () => {
    const slot = backupSlot(new Date(Date.UTC(2026, 10, 29, 12, 0)), 6);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A step that outlasts the stop (a VACUUM INTO under way, a pg_dump slow to exit), then completes.
    const run = runScheduledBackup(slot, async (signal) => {
      started();
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      await released;
      return { path: path.join("/backups", "academia-late") };
    });
    let settled = false;
    void run.finally(() => (settled = true));
    await running;
    const stopping = stopBackupSchedule();
    try {
      const row = await waitForRow(slot, (r) => r.error !== null);
      expect(row.error).toMatch(/^Interrupted: the server stopped/);
      expect(row.finishedAt).not.toBeNull();
      expect(settled).toBe(false);
    } finally {
      release();
    }
    await stopping;
    expect(await run).toBe("interrupted");
    const row = await prisma.backupRun.findUniqueOrThrow({ where: { slot } });
    expect(row.error).toMatch(/^Interrupted/);
    expect(row.name).toBeNull();
  });

  it.skipIf(engine !== "sqlite")(
    "stops a SQLite backup during its VACUUM INTO: the row says interrupted and the partial folder is gone before the worker ends",
    async () => {
      const slot = backupSlot(new Date(Date.UTC(2026, 10, 29, 18, 0)), 6);
      const dir = backupDir();
      // A database another connection writes in (rollback journal, an exclusive lock): the worker's
      // VACUUM INTO waits for it in SQLite's code (5 s at most), which terminate() does not cut short.
      const source = path.join(root, `locked-${crypto.randomBytes(4).toString("hex")}.db`);
      const locker = new Database(source);
      locker.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
      locker.exec("BEGIN EXCLUSIVE; INSERT INTO t VALUES (2)");
      try {
        const run = runScheduledBackup(slot, (signal) =>
          createBackup({ ...live(), databaseUrl: `file:${source}`, backupDir: dir, keep: 3, signal }),
        );
        let settled = false;
        void run.finally(() => (settled = true));
        // The worker has the database open (the locker is the other file descriptor): it waits.
        await until(() => openFiles(source) >= 2, "the worker never opened the database");
        await new Promise((resolve) => setTimeout(resolve, 100));
        const stopping = stopBackupSchedule();
        const row = await waitForRow(slot, (r) => r.error !== null);
        expect(row.error).toMatch(/^Interrupted: the server stopped/);
        await until(() => fs.readdirSync(dir).length === 0, "the partial folder stayed");
        expect(settled).toBe(false); // the worker is still in VACUUM INTO
        locker.exec("ROLLBACK");
        await stopping;
        expect(await run).toBe("interrupted");
        expect(fs.readdirSync(dir)).toEqual([]);
        const after = await prisma.backupRun.findUniqueOrThrow({ where: { slot } });
        expect(after).toMatchObject({ error: row.error, name: null });
      } finally {
        if (locker.inTransaction) locker.exec("ROLLBACK");
        locker.close();
      }
    },
  );

  it("with S3, lists the keys the database names and checks on restore that the bucket still holds them", async () => {
    const { default: S3rver } = await import("s3rver");
    const dir = fs.mkdtempSync(path.join(root, "s3-"));
    const s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
    const { port } = await s3rver.run();
    try {
      const bucket = createS3Storage({
        bucket: "academia-backup",
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
        prefix: "prod/",
      });
      fs.mkdirSync(path.join(dir, "academia-backup"));
      const stored: string[] = [];
      for (let i = 0; i < 3; i++) {
        const key = `avatars/${crypto.randomUUID()}.png`;
        await bucket.put(key, crypto.randomBytes(100 + i), "image/png");
        await prisma.user.create({
          data: {
            nombre: `s3 ${i}`,
            apellido: "R",
            correo: `${crypto.randomUUID()}@test.cl`,
            rol: "estudiante",
            passwordHash: "x",
            imagenPerfil: key,
          },
        });
        stored.push(key);
      }
      const absent = `avatars/${crypto.randomUUID()}.png`;
      await prisma.user.create({
        data: {
          nombre: "s3 sin archivo",
          apellido: "R",
          correo: `${crypto.randomUUID()}@test.cl`,
          rol: "estudiante",
          passwordHash: "x",
          imagenPerfil: absent,
        },
      });
      const made = await createBackup({ ...live(), storage: bucket, backupDir: backupDir(), keep: 3 });
      expect(made.manifest.storage).toBe("s3");
      expect(made.manifest.files.map((f) => [f.key, f.size])).toEqual(stored.map((key, i) => [key, 100 + i]).sort());
      expect(fs.existsSync(path.join(made.path, FILES_DIR))).toBe(false);
      // A row naming a key the bucket lacks is listed as missing (the other tests' rows name local files).
      expect(made.manifest.missing).toContain(absent);
      expect(made.manifest.missing.some((key) => stored.includes(key))).toBe(false);

      const target = { ...(await emptyTarget()), storage: bucket };
      expect((await restoreBackup({ ...target, from: made.path, knownMigrations })).files).toBe(3);
      await bucket.delete(stored[1]!);
      const lost = { ...(await emptyTarget()), storage: bucket };
      await expect(restoreBackup({ ...lost, from: made.path, knownMigrations })).rejects.toThrow(
        `the bucket no longer holds 1 of its file(s): ${stored[1]}`,
      );
      // A local configuration does not take an S3 backup (nor the other way round).
      await expect(restoreBackup({ ...(await emptyTarget()), from: made.path, knownMigrations })).rejects.toThrow(
        /files are in an S3 bucket, but this configuration stores files on the local disk/,
      );
    } finally {
      await prisma.user.deleteMany({ where: { nombre: { startsWith: "s3 " } } });
      await s3rver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs as npm run backup and npm run restore, never printing the database password", async () => {
    const ack = await writeUser("por consola");
    const target = await emptyTarget();
    const dir = backupDir();
    // The test cluster trusts loopback: any password is accepted, and must never be printed.
    const withPassword = (u: string) => (engine === "sqlite" ? u : u.replace("postgres@", "postgres:s3cr3t-p4ss@"));
    const common = { BACKUP_DIR: dir, NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };
    const backup = await node(["scripts/backup.ts"], {
      ...common,
      DATABASE_URL: withPassword(url),
      DATA_DIR: env().dataDir,
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(
      /^Backup written: .*academia-\d{8}T\d{6}Z in [\d.]+ s\n {2}\w+, migration \d+_\w+, \d+ tables, \d+ rows/m,
    );
    const name = (await listBackups(dir))[0]!;
    // Recorded beside the scheduled ones, with its size: the admin panel's 'Copia de seguridad' counts it.
    const recorded = await prisma.backupRun.findFirstOrThrow({ where: { name } });
    expect(recorded).toMatchObject({ error: null, instance: expect.stringMatching(/^npm run backup/) });
    expect(Number(recorded.bytes)).toBeGreaterThan(0);

    const into = {
      ...common,
      DATABASE_URL: withPassword(target.databaseUrl),
      DATA_DIR: path.dirname(target.uploadsDir),
    };
    const restored = await node(["scripts/restore.ts", name], into);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(
      /Checked: \d+ tables and \d+ rows as in the manifest;\n {2}\d+ stored files copied, each as in the manifest/,
    );
    const refused = await node(["scripts/restore.ts", path.join(dir, name)], into);
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/^Restore failed: La restauración solo escribe en una base de datos vacía/m);
    // No way to restore over data: --force is gone.
    const forced = await node(["scripts/restore.ts", name, "--force"], into);
    expect([forced.code, forced.output]).toEqual([2, expect.stringMatching(/Unknown option '--force'/)]);
    for (const run of [backup, restored, refused, forced]) expect(run.output).not.toContain("s3cr3t");
    await expectRestored(target, [ack]);
  });
});

describe("the choice of pg_dump and pg_restore", () => {
  const found = [
    { bin: "/usr/lib/postgresql/18/bin/pg_restore", major: 18 },
    { bin: "/usr/lib/postgresql/16/bin/pg_restore", major: 16 },
    { bin: "/usr/lib/postgresql/15/bin/pg_restore", major: 15 },
    { bin: "pg_restore", major: 17 },
  ];
  it("takes the oldest at least as new as the server, PG_BIN's first when new enough", () => {
    expect(choosePgTool(found, 16)).toBe("/usr/lib/postgresql/16/bin/pg_restore");
    expect(choosePgTool(found, 17)).toBe("pg_restore");
    expect(choosePgTool(found, 14)).toBe("/usr/lib/postgresql/15/bin/pg_restore");
    expect(choosePgTool(found, 19)).toBeUndefined();
    const withPgBin = [{ bin: "/opt/pg/pg_restore", major: 18 }, ...found];
    expect(choosePgTool(withPgBin, 16, "/opt/pg/pg_restore")).toBe("/opt/pg/pg_restore");
    expect(choosePgTool([{ bin: "/opt/pg/pg_restore", major: 15 }, ...found], 16, "/opt/pg/pg_restore")).toBe(
      "/usr/lib/postgresql/16/bin/pg_restore",
    );
  });
});

/** The files under a folder, as storage keys, sorted. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** How many tables the target's database has (none: also a SQLite file never made). */
async function tablesIn(target: DataTarget): Promise<number> {
  if (engine === "sqlite") {
    const file = sqliteFilePath(target.databaseUrl);
    if (!fs.existsSync(file)) return 0;
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get() as number;
    } finally {
      db.close();
    }
  }
  const db = new pg.Client(pgSettings(target.databaseUrl).config);
  await db.connect();
  try {
    return (await db.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n;
  } finally {
    await db.end();
  }
}

/** The BackupRun row of `slot` once `ready` says so (within 3 s: well before a 5 s wait ends). */
async function waitForRow(
  slot: Date,
  ready: (row: { error: string | null; finishedAt: Date | null }) => boolean,
): Promise<{ error: string | null; finishedAt: Date | null; name: string | null }> {
  for (let waited = 0; ; waited += 25) {
    const row = await prisma.backupRun.findUnique({ where: { slot } });
    if (row && ready(row)) return row;
    if (waited > 3000) throw new Error(`the row of ${slot.toISOString()} is not ready: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function until(condition: () => boolean, failure: string, ms = 10_000) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > ms) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many of this process's file descriptors (threads included) are open on `file`. */
function openFiles(file: string): number {
  const real = fs.realpathSync(file);
  let n = 0;
  for (const fd of fs.readdirSync("/proc/self/fd")) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === real) n += 1;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

/** The names of this process's child processes (Linux /proc: "pid (name) state ppid …"). */
function childProcesses(): string[] {
  const names: string[] = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match && Number(match[2]) === process.pid) names.push(match[1]!);
  }
  return names;
}

function node(args: string[], environment: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}
