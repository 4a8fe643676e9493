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
import { Readable } from "node:stream";
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
  pgTool,
  type DataTarget,
  type Manifest,
} from "~/features/backup/backup.server.ts";
import { restoreScriptFilter } from "~/features/backup/restore-script.server.ts";
import { restoreBackup } from "~/features/backup/restore.server.ts";
import {
  backupSlot,
  claimBackupSlot,
  runScheduledBackup,
  scheduleCheck,
  stopBackupSchedule,
} from "~/features/backup/schedule.server.ts";
import { migrationsFolderFor } from "../server/migrate/index.ts";
import { PG_TEST_PREFIX } from "./global-setup.ts";

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
    expect(result.replaced).toEqual([]);
    expect(result.files).toBe(made.manifest.files.length);
    expect(result.rows).toBe(Object.values(made.manifest.tables).reduce((a, b) => a + b, 0));
    const { users } = await expectRestored(target, [...before, inSnapshot!]);
    expect(fs.existsSync(storagePathIn(target, deletedMidway.key))).toBe(true);
    expect(users.has(afterSnapshot!.id)).toBe(false);
    // Nothing of after the backup: no changed name.
    expect([...users.values()].some((u) => u.nombre === "cambiado")).toBe(false);
  });

  it("refuses a non-empty target without force, and with force puts it back as backed up", async () => {
    const ack = await writeUser("forzar");
    const dir = backupDir();
    const made = await createBackup({ ...live(), backupDir: dir, keep: 3 });
    const target = await emptyTarget();
    await restoreBackup({ ...target, from: made.path, knownMigrations });
    // The restored database is readable by its owner only, as a new one is.
    if (engine === "sqlite") expect(fs.statSync(sqliteFilePath(target.databaseUrl)).mode & 0o777).toBe(0o600);

    // The restored academy lives on: a change and a deletion, then the same backup again.
    const db = createPrismaClient(target.databaseUrl);
    await db.user.update({ where: { id: ack.id }, data: { nombre: "después" } });
    const extra = await db.contactMessage.create({ data: { nombre: "x", correo: "x@test.cl", mensaje: "hola" } });
    await db.$disconnect();
    fs.rmSync(path.join(target.uploadsDir, ack.key));

    const refused = await restoreBackup({ ...target, from: made.path, knownMigrations }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as BackupError).exitCode).toBe(2);
    expect((refused as BackupError).message).toMatch(/^Refusing to overwrite .*--force/);
    const untouched = client(target);
    expect((await untouched.user.findUniqueOrThrow({ where: { id: ack.id } })).nombre).toBe("después");
    await untouched.$disconnect();

    const forced = await restoreBackup({ ...target, from: made.path, knownMigrations, force: true });
    expect(forced.replaced.length).toBe(2);
    const { users } = await expectRestored(target, [ack]);
    expect(users.get(ack.id)?.nombre).toBe("forzar");
    expect(await client(target).contactMessage.findUnique({ where: { id: extra.id } })).toBeNull();
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
    if (engine === "sqlite") expect(fs.existsSync(target.databaseUrl.slice("file:".length))).toBe(false);
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

  it("leaves the old database and files when a forced restore fails while staging its files", async () => {
    await writeUser("reemplazo fallido");
    const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
    const empty = await emptyTarget();
    const dir = path.dirname(empty.uploadsDir);
    // An uploads folder whose name leaves no room for the staging folder's suffix (a path component
    // is at most 255 bytes): copying the backup's files beside it fails, as a full disk would.
    const uploads = path.join(dir, "u".repeat(240));
    const target = { ...empty, uploadsDir: uploads, storage: createLocalStorage(() => uploads) };
    const oldKey = `avatars/${crypto.randomUUID()}.png`;
    const oldBytes = crypto.randomBytes(300);
    fs.mkdirSync(path.join(uploads, "avatars"), { recursive: true });
    fs.writeFileSync(path.join(uploads, oldKey), oldBytes);
    await oldTable(target, "create");

    await expect(restoreBackup({ ...target, from: made.path, knownMigrations, force: true })).rejects.toThrow();
    expect(await oldTable(target, "read")).toEqual({ old: ["antes"], users: false });
    expect(sha(fs.readFileSync(path.join(uploads, oldKey)))).toBe(sha(oldBytes));
    expect(fs.readdirSync(dir).sort()).toEqual(
      engine === "sqlite" ? ["academia.db", path.basename(uploads)] : [path.basename(uploads)],
    );
  });

  it.runIf(engine === "postgresql")(
    "leaves the old rows when a forced PostgreSQL restore fails after dropping them",
    async () => {
      const ack = await writeUser("antes del fallo");
      const target = await emptyTarget();
      await restoreBackup({
        ...target,
        from: (await createBackup({ ...live(), backupDir: backupDir(), keep: 3 })).path,
        knownMigrations,
      });
      // The target's files and the backup's differ: a file only the target has, one only the backup has.
      const onlyHere = `avatars/${crypto.randomUUID()}.png`;
      fs.writeFileSync(path.join(target.uploadsDir, onlyHere), crypto.randomBytes(50));
      const onlyInBackup = await writeUser("solo en la copia");
      // A dump made by hand that fails mid-way: a table of a type in a schema the dump leaves out.
      const source = new pg.Client(pgSettings(url).config);
      await source.connect();
      let made;
      try {
        await source.query(
          "CREATE SCHEMA aparte; CREATE TYPE aparte.color AS ENUM ('rojo'); CREATE TABLE \"ZzAparte\" (c aparte.color)",
        );
        made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
      } finally {
        await source.query('DROP TABLE IF EXISTS "ZzAparte"; DROP SCHEMA IF EXISTS aparte CASCADE');
        await source.end();
      }
      const before = fs.readdirSync(target.uploadsDir, { recursive: true }).sort();

      // A psql that notes which files are in uploads while it runs: the old ones (no file has moved).
      const bin = await fakePgBin({ psqlLogs: target.uploadsDir });
      const failed = await restoreBackup({
        ...target,
        pgBin: bin.dir,
        from: made.path,
        knownMigrations,
        force: true,
      }).catch((e: unknown) => e);
      const duringPsql = bin.psqlLog();
      expect(duringPsql).toContain(path.join(target.uploadsDir, onlyHere));
      expect(duringPsql).not.toContain(onlyInBackup.key);
      await expectRestored(target, [ack]);
      expect(failed).toBeInstanceOf(BackupError);
      expect((failed as BackupError).message).toMatch(/psql failed.*ERROR: +schema "aparte" does not exist/);
      expect((failed as BackupError).message).toMatch(/nothing was replaced/);
      expect(fs.readdirSync(target.uploadsDir, { recursive: true }).sort()).toEqual(before);
      expect(fs.readdirSync(path.dirname(target.uploadsDir))).toEqual(["uploads"]);
    },
  );

  it.runIf(engine === "postgresql")(
    "leaves an extension's objects alone: not counted as data, not dropped by force",
    async (ctx) => {
      await writeUser("extensión");
      const target = await emptyTarget();
      const db = new pg.Client(pgSettings(target.databaseUrl).config);
      await db.connect();
      try {
        const available = await db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
        if (available.rowCount === 0) ctx.skip();
        await db.query("CREATE EXTENSION pg_trgm");
        const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
        expect((await restoreBackup({ ...target, from: made.path, knownMigrations })).replaced).toEqual([]);
        const forced = await restoreBackup({ ...target, from: made.path, knownMigrations, force: true });
        expect(forced.replaced).toHaveLength(2);
        expect((await db.query("SELECT similarity('respaldo', 'respaldos') > 0.5 AS close")).rows).toEqual([
          { close: true },
        ]);
      } finally {
        await db.end();
      }
    },
  );

  it.runIf(engine === "postgresql")(
    "drops the header's SET transaction_timeout (pg_restore 17+) for an older server, and the restore works",
    async () => {
      const ack = await writeUser("pg_restore 17");
      const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
      // A pg_restore that writes what pg_restore 17 writes into its header, whatever the server.
      const bin = await fakePgBin({ header: "SET transaction_timeout = 0;" });
      const { stdout } = await runCommand(bin.pgRestore, ["--file=-", path.join(made.path, "database.pgdump")]);
      expect(stdout).toMatch(/^SET transaction_timeout = 0;$/m);
      // This test's server (15) refuses it: psql would stop at the header.
      const server = new pg.Client(pgSettings(url).config);
      await server.connect();
      const version = Number((await server.query("SHOW server_version_num")).rows[0].server_version_num);
      await expect(server.query("SET transaction_timeout = 0")).rejects.toThrow(/unrecognized configuration parameter/);
      await server.end();
      expect(version).toBeLessThan(170000);

      const target = await emptyTarget();
      const result = await restoreBackup({ ...target, pgBin: bin.dir, from: made.path, knownMigrations });
      expect(result.rows).toBe(Object.values(made.manifest.tables).reduce((a, b) => a + b, 0));
      await expectRestored(target, [ack]);
    },
  );

  it.runIf(engine === "postgresql")(
    "refuses a dump whose SQL carries a psql meta-command, before touching anything",
    async () => {
      await writeUser("orden de psql");
      const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
      const marker = path.join(root, `shell-${crypto.randomBytes(4).toString("hex")}`);
      // What a crafted custom-format dump turns into: a `\!` (run a shell) after the data.
      const bin = await fakePgBin({ tail: `\\! touch ${marker}` });
      const target = await emptyTarget();
      const refused = await restoreBackup({ ...target, pgBin: bin.dir, from: made.path, knownMigrations }).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as BackupError).exitCode).toBe(2);
      expect((refused as BackupError).message).toMatch(
        /^La copia no se puede restaurar: el SQL que sale de ella trae una orden de psql .*«\\! touch .*No se cambió nada\./,
      );
      expect(fs.existsSync(marker)).toBe(false);
      expect(fs.existsSync(target.uploadsDir)).toBe(false);
      const db = new pg.Client(pgSettings(target.databaseUrl).config);
      await db.connect();
      expect((await db.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([
        { n: 0 },
      ]);
      await db.end();
    },
  );

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

  it.runIf(engine === "sqlite")(
    "puts the old files back when the database's rename fails after they were swapped in, and reports leftovers",
    async () => {
      await writeUser("renombre fallido");
      const made = await createBackup({ ...live(), backupDir: backupDir(), keep: 3 });
      const target = await emptyTarget();
      const dir = path.dirname(target.uploadsDir);
      const file = target.databaseUrl.slice("file:".length);
      const oldKey = `avatars/${crypto.randomUUID()}.png`;
      const oldBytes = crypto.randomBytes(300);
      fs.mkdirSync(path.join(target.uploadsDir, "avatars"), { recursive: true });
      fs.writeFileSync(path.join(target.uploadsDir, oldKey), oldBytes);
      await oldTable(target, "create");
      // What an earlier restore killed mid-way left: reported when a restore starts, not touched.
      const leftover = `${target.uploadsDir}.replaced-0badf00d`;
      fs.mkdirSync(leftover);

      const lines: string[] = [];
      let inUploads: string[] = [];
      const failed = await restoreBackup({
        ...target,
        from: made.path,
        knownMigrations,
        force: true,
        log: (line) => lines.push(line),
        // The files are swapped in; then the database's rename fails (a folder where the file goes).
        beforeReplace: async () => {
          inUploads = filesUnder(target.uploadsDir);
          fs.renameSync(file, `${file}.aparte`);
          fs.mkdirSync(path.join(file, "ocupado"), { recursive: true });
        },
      }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(BackupError);
      expect((failed as BackupError).message).toMatch(/^The restore failed and nothing was replaced/);
      expect(inUploads).toEqual(made.manifest.files.map((f) => f.key).sort());
      expect(filesUnder(target.uploadsDir)).toEqual([oldKey]);
      expect(sha(fs.readFileSync(path.join(target.uploadsDir, oldKey)))).toBe(sha(oldBytes));
      fs.rmSync(file, { recursive: true });
      fs.renameSync(`${file}.aparte`, file);
      expect(await oldTable(target, "read")).toEqual({ old: ["antes"], users: false });
      expect(fs.readdirSync(dir).sort()).toEqual(["academia.db", "uploads", path.basename(leftover)]);
      expect(lines[0]).toMatch(/^Ojo: quedaron restos de una restauración que no terminó \(o que sigue en curso\):\n/);
      expect(lines[0]!.split("\n")).toContain(`  ${leftover}`);
      expect(lines[0]).toMatch(/Si no hay otra restauración\n {2}en curso, revisa qué quedó en su lugar y bórralos\.$/);
    },
  );

  it.runIf(engine === "postgresql")(
    "stops on Ctrl-C during psql: exit 130, the transaction rolled back, nothing staged left, nothing replaced",
    async () => {
      const ack = await writeUser("interrumpida");
      const dir = backupDir();
      const made = await createBackup({ ...live(), backupDir: dir, keep: 3 });
      const target = await emptyTarget();
      await restoreBackup({ ...target, from: made.path, knownMigrations });
      const db = new pg.Client(pgSettings(target.databaseUrl).config);
      await db.connect();
      try {
        await db.query(`UPDATE "User" SET nombre = 'cambiado después' WHERE id = $1`, [ack.id]);
        const before = filesUnder(target.uploadsDir);
        // A psql that sleeps in its transaction first: the signal finds it running.
        const bin = await fakePgBin({ psqlLogs: target.uploadsDir, psqlFirst: "SELECT pg_sleep(120)" });
        const child = spawn(process.execPath, ["scripts/restore.ts", made.path, "--force"], {
          env: {
            ...process.env,
            BACKUP_DIR: dir,
            NODE_ENV: "production",
            SESSION_SECRET: "s".repeat(40),
            DATABASE_URL: target.databaseUrl,
            DATA_DIR: path.dirname(target.uploadsDir),
            PG_BIN: bin.dir,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
        for (let waited = 0; ; waited += 100) {
          const { rows } = await db.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%'",
          );
          if (rows[0].n > 0) break;
          if (waited > 60_000) throw new Error(`psql never started: ${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const staging = /--file=(.*)\/drops\.sql/.exec(bin.psqlLog())![1]!;
        expect(fs.existsSync(staging)).toBe(true);
        child.kill("SIGINT");
        expect(await exited, output).toBe(130);
        expect(output).toMatch(/SIGINT received, stopping/);
        expect(output).toMatch(/^Restore failed: The restore was stopped: nothing was replaced/m);
        expect(fs.existsSync(staging)).toBe(false);
        expect(childProcesses()).not.toContain("psql");
        // The killed psql's backend is still asleep: end it (its transaction rolls back).
        await db.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        expect((await db.query(`SELECT nombre FROM "User" WHERE id = $1`, [ack.id])).rows).toEqual([
          { nombre: "cambiado después" },
        ]);
        expect(filesUnder(target.uploadsDir)).toEqual(before);
        expect(fs.readdirSync(path.dirname(target.uploadsDir))).toEqual(["uploads"]);
      } finally {
        await db.end();
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
      /Checked: \d+ tables and \d+ rows as in the manifest;\n {2}\d+ stored files present/,
    );
    const refused = await node(["scripts/restore.ts", path.join(dir, name)], into);
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/^Restore failed: Refusing to overwrite/m);
    for (const run of [backup, restored, refused]) expect(run.output).not.toContain("s3cr3t");
    await expectRestored(target, [ack]);
  });
});

/** pg_restore's SQL through the restore's check, in chunks of `size` bytes: what psql would get. */
async function filtered(script: string, serverVersion: number, size = 7): Promise<string> {
  const bytes = Buffer.from(script);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(restoreScriptFilter(serverVersion))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

const HEADER = `--
-- PostgreSQL database dump
--

\\restrict AbC123xyz

-- Dumped from database version 17.2
-- Dumped by pg_dump version 17.2

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
`;
const BODY = `
CREATE TABLE public."Nota" (
    id text NOT NULL,
    "texto" text DEFAULT 'sin\\barra'::text
);

CREATE FUNCTION public.f() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$ BEGIN NEW.texto := regexp_replace(NEW.texto, '\\s+', ' '); RETURN NEW; END; $_$;

COPY public."Nota" (id, texto) FROM stdin;
\\N\tuno
\\\\barra\t\\N
a\t\\! no es una orden: son datos
\\.

SET transaction_timeout = 0;
\\unrestrict AbC123xyz
`;

describe("the restore's check of pg_restore's SQL", () => {
  it("drops the header's SET transaction_timeout for a server older than 17, and only there", async () => {
    const body = BODY.replace("'sin\\barra'", "'sin barra'");
    const old = await filtered(HEADER + body, 150010);
    expect(old).toBe(HEADER.replace("SET transaction_timeout = 0;\n", "") + body);
    expect(await filtered(HEADER + body, 170002)).toBe(HEADER + body);
    // The whole stream, in any chunks: one byte at a time, or all at once.
    expect(await filtered(HEADER + body, 150010, 1)).toBe(old);
    expect(await filtered(HEADER + body, 150010, 1 << 20)).toBe(old);
  });

  it("refuses a psql meta-command outside COPY's data, and lets COPY's data and pg_restore's \\restrict through", async () => {
    const refused = async (script: string) => {
      const error = await filtered(script, 150010).catch((e: unknown) => e);
      expect(error, script).toBeInstanceOf(BackupError);
      expect((error as BackupError).exitCode).toBe(2);
      return (error as BackupError).message;
    };
    // A backslash in a '…' constant: refused (psql's reading of it depends on standard_conforming_strings).
    expect(await refused(HEADER + BODY)).toMatch(/barra invertida en un texto entre comillas simples, en la línea 21/);
    const body = BODY.replace("'sin\\barra'", "'sin barra'");
    expect(await filtered(HEADER + body, 150010)).toContain("\\N\tuno\n\\\\barra\t\\N\na\t\\! no es una orden");

    expect(await refused(`${HEADER}\\! echo x\n${body}`)).toMatch(
      /^La copia no se puede restaurar: el SQL que sale de ella trae una orden de psql \(una barra invertida fuera de los datos\), en la línea 18: «\\! echo x»\. Una copia hecha con npm run backup no trae eso; revisa de dónde viene\. No se cambió nada\.$/,
    );
    expect(await refused(`${HEADER}${body}\\! echo x\n`)).toMatch(/en la línea 36: «\\! echo x»/);
    // Anywhere on a line psql reads as SQL, not only at its start.
    expect(await refused(`${HEADER}SELECT 1; \\! echo x\n`)).toMatch(/orden de psql/);
    expect(await refused(`${HEADER}\\restrict AbC \\! echo x\n`)).toMatch(/orden de psql/);
    // A COPY line that psql reads inside a constant or a body starts no data: what follows is SQL.
    expect(await refused(`${HEADER}SELECT '\nCOPY a FROM stdin;\n';\n\\! echo x\n\\.\n`)).toMatch(/línea 21/);
    expect(await refused(`${HEADER}SELECT $x$\nCOPY a FROM stdin;\n$x$;\n\\! echo x\n\\.\n`)).toMatch(/línea 21/);
    expect(await refused(`${HEADER}/* COPY a FROM stdin;\n*/ COPY a FROM stdin;\n\\N\n`)).toMatch(/línea 20/);
    expect(await refused(`${HEADER}SELECT 1 COPY a FROM stdin;\n\\N\n`)).toMatch(/línea 19/);
    expect(await refused(`${HEADER}COPY a FROM stdin; SELECT 1;\n\\N\n`)).toMatch(/línea 19/);
    // Where psql's versions could read it otherwise: refused, not guessed at.
    expect(await refused(`${HEADER}SELECT 0x1$a$;\nCOPY a FROM stdin;\n$a$;\n`)).toMatch(/«\$» pegado/);
    expect(await refused(`${HEADER}SELECT 1$a$;\n`)).toMatch(/«\$» pegado/);
    expect(
      await refused(`${HEADER}CREATE FUNCTION g() RETURNS int LANGUAGE sql\nBEGIN ATOMIC SELECT 1; END;\n${body}`),
    ).toMatch(/función con BEGIN/);
    // psql's own way of passing these: a dollar-quoted body, an identifier, a comment.
    const literal = `${HEADER}SELECT $$ \\! $$, "a\\b" -- \\!\n/* \\! /* \\! */ */;\n${body}`;
    expect(await filtered(literal, 150010)).toBe(literal.replace("SET transaction_timeout = 0;\n", ""));
  });
});

describe("the choice of pg_dump, pg_restore and psql", () => {
  const found = [
    { bin: "/usr/lib/postgresql/18/bin/psql", major: 18 },
    { bin: "/usr/lib/postgresql/16/bin/psql", major: 16 },
    { bin: "/usr/lib/postgresql/15/bin/psql", major: 15 },
    { bin: "psql", major: 17 },
  ];
  it("takes the oldest at least as new as the server, PG_BIN's first when new enough", () => {
    expect(choosePgTool(found, 16)).toBe("/usr/lib/postgresql/16/bin/psql");
    expect(choosePgTool(found, 17)).toBe("psql");
    expect(choosePgTool(found, 14)).toBe("/usr/lib/postgresql/15/bin/psql");
    expect(choosePgTool(found, 19)).toBeUndefined();
    const withPgBin = [{ bin: "/opt/pg/psql", major: 18 }, ...found];
    expect(choosePgTool(withPgBin, 16, "/opt/pg/psql")).toBe("/opt/pg/psql");
    expect(choosePgTool([{ bin: "/opt/pg/psql", major: 15 }, ...found], 16, "/opt/pg/psql")).toBe(
      "/usr/lib/postgresql/16/bin/psql",
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

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A PG_BIN folder of wrappers round the real pg_restore and psql: pg_restore's SQL gets `header`
 * before its first SET and `tail` at its end; psql writes its arguments and the files under
 * `psqlLogs` to psql.log, and runs `psqlFirst` first (in its transaction).
 */
async function fakePgBin({
  header,
  tail,
  psqlLogs,
  psqlFirst,
}: {
  header?: string;
  tail?: string;
  psqlLogs?: string;
  psqlFirst?: string;
}) {
  const [{ v }] = await prisma.$queryRawUnsafe<[{ v: string }]>("SELECT current_setting('server_version_num') AS v");
  const serverMajor = Math.floor(Number(v) / 10000);
  const realRestore = await pgTool("pg_restore", serverMajor);
  const realPsql = await pgTool("psql", serverMajor, path.dirname(realRestore));
  const dir = fs.mkdtempSync(path.join(root, "pgbin-"));
  fs.writeFileSync(path.join(dir, "header.sql"), header ? `${header}\n` : "");
  fs.writeFileSync(path.join(dir, "tail.sql"), tail ? `${tail}\n` : "");
  const log = path.join(dir, "psql.log");
  fs.writeFileSync(
    path.join(dir, "pg_restore"),
    `#!/bin/bash
set -o pipefail
case " $* " in *" --list "*|*" --version "*) exec ${shellQuote(realRestore)} "$@";; esac
${shellQuote(realRestore)} "$@" | awk -v h=${shellQuote(path.join(dir, "header.sql"))} -v t=${shellQuote(path.join(dir, "tail.sql"))} \\
  '!done && /^SET / { while ((getline l < h) > 0) print l; done = 1 } { print } END { while ((getline l < t) > 0) print l }'
`,
    { mode: 0o755 },
  );
  fs.writeFileSync(
    path.join(dir, "psql"),
    `#!/bin/bash
case " $* " in *" --version "*) exec ${shellQuote(realPsql)} "$@";; esac
{ printf '%s\\n' "$@"; ${psqlLogs ? `find ${shellQuote(psqlLogs)} -type f | sort` : "true"}; } > ${shellQuote(log)}
exec ${shellQuote(realPsql)} ${psqlFirst ? shellQuote(`--command=${psqlFirst}`) : ""} "$@"
`,
    { mode: 0o755 },
  );
  return {
    dir,
    pgRestore: path.join(dir, "pg_restore"),
    psqlLog: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""),
  };
}

function runCommand(bin: string, args: string[]): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve({ stdout }) : reject(new Error(`${bin} exited ${code}`))));
  });
}

/** A table "old" with one row in the target's database (before a restore), or what is there now. */
async function oldTable(target: DataTarget, action: "create" | "read") {
  if (engine === "sqlite") {
    const file = target.databaseUrl.slice("file:".length);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    try {
      if (action === "create") db.exec("CREATE TABLE old (v TEXT); INSERT INTO old VALUES ('antes')");
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
      return {
        old: db.prepare("SELECT v FROM old").pluck().all(),
        users: tables.includes("User"),
      };
    } finally {
      db.close();
    }
  }
  const db = new pg.Client(pgSettings(target.databaseUrl).config);
  await db.connect();
  try {
    if (action === "create") await db.query("CREATE TABLE old (v text); INSERT INTO old VALUES ('antes')");
    const old = (await db.query<{ v: string }>("SELECT v FROM old")).rows.map((r) => r.v);
    const users = (await db.query("SELECT 1 FROM pg_tables WHERE tablename = 'User'")).rowCount! > 0;
    return { old, users };
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
