// Backups of everything the academy keeps (docs/decisions/029-backup-and-restore.md): `npm run
// backup` (scripts/backup.ts), the server's schedule (./schedule.server.ts) and `npm run restore`
// (./restore.server.ts, scripts/restore.ts) share this module. Relative imports only: plain Node
// scripts import it.
//
// A backup is one folder under BACKUP_DIR, `academia-<UTC time>` (e.g. academia-20261127T030000Z):
//   manifest.json     time, engine, migration level, row counts per table, every stored file
//   database.sqlite   SQLite: VACUUM INTO, one read transaction, safe while the site writes
//   database.pgdump   PostgreSQL: pg_dump in custom format, of one exported snapshot
//   files/<key>       the stored files the database names (local disk); with S3 the manifest only
//                     lists the keys (the bucket's versioning or replication keeps the objects)
// It is written under a hidden `.partial-*` name and renamed when complete, so a half-written
// backup is never listed, restored or counted by BACKUP_KEEP.
//
// Files and rows: a stored file is written before the row that names it and deleted after that
// row is gone (app/lib/storage.server.ts). So the files are copied once before the database's
// snapshot (a row of before the backup has its file then, even if both are deleted while the
// backup runs) and once after it (the files of rows written in between); copies the snapshot does
// not name are dropped, and a key it names that no pass found is listed as `missing`.
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import pg from "pg";
import {
  databaseProvider,
  databaseUrl,
  pgSettings,
  sqliteFilePath,
  type DatabaseProvider,
} from "../../lib/db-adapter.ts";
import { env } from "../../lib/env.server.ts";
import { fileStorage, isStorageKey, uploadsDir, type StorageArea } from "../../lib/storage.server.ts";
import type { FileStorage } from "../../lib/storage/types.ts";

export const MANIFEST = "manifest.json";
export const FILES_DIR = "files";
export const DATABASE_FILE: Record<DatabaseProvider, string> = {
  sqlite: "database.sqlite",
  postgresql: "database.pgdump",
};
/** A complete backup's folder name; the temporary `.partial-*` ones never match. */
const BACKUP_NAME = /^academia-\d{8}T\d{6}Z(-\d+)?$/;
/** A `.partial-*` folder this old is a run that died. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** The column that names each storage area's files: a new area must say where its keys live. */
const STORED_FILE_COLUMNS: Record<StorageArea, { table: string; column: string }> = {
  avatars: { table: "User", column: "imagenPerfil" },
  courses: { table: "Course", column: "imagen" },
  modules: { table: "ModuleFile", column: "storageKey" },
  certificates: { table: "Certificate", column: "pdfKey" },
  books: { table: "Book", column: "pdfKey" },
};

/** The same SQL on SQLite and PostgreSQL: every stored-file key the database names. */
const KEYS_SQL = Object.values(STORED_FILE_COLUMNS)
  .map(({ table, column }) => `SELECT "${column}" AS k FROM "${table}" WHERE "${column}" IS NOT NULL`)
  .join(" UNION ");
const MIGRATION_SQL =
  'SELECT migration_name AS m FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ' +
  "ORDER BY migration_name DESC LIMIT 1";

type StoredFile = { key: string; size: number; sha256?: string; etag?: string };

export type Manifest = {
  format: "academia-backup";
  version: 1;
  createdAt: string;
  engine: DatabaseProvider;
  /** The newest migration applied in the backed-up database. */
  migration: string | null;
  database: { file: string; bytes: number; sha256: string; schema?: string };
  tables: Record<string, number>;
  /** "local": the files are in files/ (with their SHA-256); "s3": the keys the bucket keeps. */
  storage: "local" | "s3";
  files: StoredFile[];
  /** Keys the database names that were not in the storage when the backup was made. */
  missing: string[];
  seconds: number;
};

/** Where the data is: DATABASE_URL, DATA_DIR/uploads, the storage in use. */
export type DataTarget = { databaseUrl: string; uploadsDir: string; storage: FileStorage; pgBin?: string };
export type BackupOptions = DataTarget & {
  backupDir: string;
  keep: number;
  log?: (line: string) => void;
  now?: Date;
  /** Called between the steps (tests write there: between the first file copies and the snapshot, and after it). */
  between?: { beforeSnapshot?: () => Promise<void>; afterSnapshot?: () => Promise<void> };
  /**
   * Stops the backup (the server is stopping): pg_dump is ended, the SQLite worker terminated
   * (once the statement under way returns), the partial folder removed at once (and again when
   * the step has ended), and createBackup rejects with a BackupError. A backup already renamed
   * into place is complete and stays.
   */
  signal?: AbortSignal;
};

/** The configured data and backups: DATABASE_URL, DATA_DIR, the storage, BACKUP_DIR, BACKUP_KEEP, PG_BIN. */
export function backupConfig(): Omit<BackupOptions, "log" | "now" | "between" | "signal"> {
  const e = env();
  return {
    databaseUrl: databaseUrl(),
    uploadsDir: uploadsDir(),
    storage: fileStorage(),
    pgBin: e.PG_BIN,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups")),
    keep: e.BACKUP_KEEP,
  };
}

/** A refusal or failure with a message fit for the operator (never a password); exit code 2 for a refusal. */
export class BackupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = "BackupError";
    this.exitCode = exitCode;
  }
}

/** Throws when `signal` says stop: called between the backup's steps and its files. */
function throwIfStopped(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new BackupError("The backup was stopped before it was complete.");
}

function backupName(date: Date): string {
  return `academia-${date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "")}`;
}

/** The complete backups in `dir`, oldest first (their names sort by time). */
export async function listBackups(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const complete = names.filter((name) => BACKUP_NAME.test(name) && fs.existsSync(path.join(dir, name, MANIFEST)));
  return complete.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Deletes the oldest complete backups past the newest `keep`, and the `.partial-*` folders of runs
 * that died (older than a day: no backup takes that long); returns the complete ones' names.
 */
async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const name of old) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
  for (const name of await fsp.readdir(dir)) {
    if (!name.startsWith(".partial-")) continue;
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > ABANDONED_AFTER_MS) {
      await fsp.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
  return old;
}

/** Makes one backup of the database and the stored files, then prunes to `keep`. */
export async function createBackup(
  options: BackupOptions,
): Promise<{ path: string; manifest: Manifest; pruned: string[] }> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const createdAt = options.now ?? new Date();
  const engine = databaseProvider(options.databaseUrl);
  const local = options.storage.kind === "local";
  await fsp.mkdir(options.backupDir, { recursive: true });
  const { signal } = options;
  const temp = await fsp.mkdtemp(path.join(options.backupDir, ".partial-"));
  // Stopped: the partial folder goes at once, while the step under way ends (a VACUUM INTO or a
  // pg_dump writes on into its unlinked file), and again below once it has ended: a server whose
  // deadline comes first leaves none.
  const removeAtOnce = () => void fsp.rm(temp, { recursive: true, force: true }).catch(() => {});
  signal?.addEventListener("abort", removeAtOnce, { once: true });
  try {
    const filesDir = path.join(temp, FILES_DIR);
    const early = local ? await copyAllFiles(options.uploadsDir, filesDir, signal) : new Map<string, StoredFile>();
    await options.between?.beforeSnapshot?.();
    throwIfStopped(signal);
    const databaseFile = path.join(temp, DATABASE_FILE[engine]);
    const snapshot =
      engine === "sqlite"
        ? await snapshotSqlite(options.databaseUrl, databaseFile, signal)
        : await snapshotPostgres(options.databaseUrl, databaseFile, options.pgBin, signal);
    await options.between?.afterSnapshot?.();
    throwIfStopped(signal);
    const files: StoredFile[] = [];
    const missing: string[] = [];
    const named = new Set(snapshot.keys.filter((key) => isStorageKey(key)));
    const found = await inParallel([...named].sort(), async (key) => {
      throwIfStopped(signal);
      return local
        ? (early.get(key) ?? (await copyHashed(path.join(options.uploadsDir, key), path.join(filesDir, key))))
        : await options.storage.stat(key).then((s) => s && { size: s.size, etag: s.etag });
    });
    for (const [key, file] of found) {
      if (file) files.push({ ...file, key });
      else missing.push(key);
    }
    for (const key of early.keys()) if (!named.has(key)) await fsp.rm(path.join(filesDir, key), { force: true });
    const { size: bytes } = await fsp.stat(databaseFile);
    const manifest: Manifest = {
      format: "academia-backup",
      version: 1,
      createdAt: createdAt.toISOString(),
      engine,
      migration: snapshot.migration,
      database: { file: DATABASE_FILE[engine], bytes, sha256: await sha256Of(databaseFile), schema: snapshot.schema },
      tables: snapshot.tables,
      storage: local ? "local" : "s3",
      files,
      missing,
      seconds: Math.round(performance.now() - started) / 1000,
    };
    throwIfStopped(signal);
    await writeDurably(path.join(temp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const final = await renameFree(temp, options.backupDir, backupName(createdAt));
    if (missing.length > 0)
      log(`Warning: ${missing.length} stored file(s) named by the database were not found: ${missing.join(", ")}`);
    const pruned = await pruneBackups(options.backupDir, options.keep);
    return { path: final, manifest, pruned };
  } catch (error) {
    await fsp.rm(temp, { recursive: true, force: true });
    throw error;
  } finally {
    signal?.removeEventListener("abort", removeAtOnce);
  }
}

/** `fn` of each item, at most `width` at once (a bucket answers many HEADs in parallel); in the items' order. */
export async function inParallel<T, R>(items: T[], fn: (item: T) => Promise<R>, width = 8): Promise<[T, R][]> {
  const results: [T, R][] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = [items[i]!, await fn(items[i]!)];
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** Renames the finished folder to `name` (or name-2, name-3… when a backup of the same second exists). */
async function renameFree(temp: string, dir: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const target = path.join(dir, n === 1 ? name : `${name}-${n}`);
    if (fs.existsSync(target)) continue;
    try {
      await fsp.rename(temp, target);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  }
}

async function writeDurably(file: string, text: string) {
  const handle = await fsp.open(file, "wx");
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Files.

/** Every stored-file key under a local uploads folder. */
async function localKeys(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fsp.readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries.map((entry) => entry.split(path.sep).join("/")).filter((key) => isStorageKey(key));
}

async function copyAllFiles(from: string, to: string, signal?: AbortSignal): Promise<Map<string, StoredFile>> {
  const copied = new Map<string, StoredFile>();
  for (const key of await localKeys(from)) {
    throwIfStopped(signal);
    const file = await copyHashed(path.join(from, key), path.join(to, key));
    if (file) copied.set(key, { key, ...file });
  }
  return copied;
}

/** Copies a file, hashing it on the way; null when the source is gone. */
export async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string } | null> {
  let source: fs.ReadStream;
  try {
    source = await openRead(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const hash = crypto.createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, fs.createWriteStream(to, { flags: "wx" }));
  return { size, sha256: hash.digest("hex") };
}

/** A read stream once the file is open (so a missing file is an error here, not mid-pipeline). */
function openRead(file: string): Promise<fs.ReadStream> {
  return new Promise((resolve, reject) => {
    const stream = fs.createReadStream(file);
    stream.once("open", () => resolve(stream));
    stream.once("error", reject);
  });
}

export async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

// Databases.

type Snapshot = { tables: Record<string, number>; keys: string[]; migration: string | null; schema?: string };

/**
 * SQLite: `VACUUM INTO` reads the database in one read transaction (WAL lets the site keep
 * writing) into a new, compacted file; then the copy's counts and keys are read. In a worker
 * thread: better-sqlite3 is synchronous, and the server's requests must not wait for it.
 */
function snapshotSqlite(url: string, dest: string, signal?: AbortSignal): Promise<Snapshot> {
  return runSqliteWorker(
    SNAPSHOT_WORKER,
    { source: sqliteFilePath(url), dest, keysSql: KEYS_SQL, migrationSql: MIGRATION_SQL },
    signal,
  );
}

/**
 * Row counts per table of a SQLite file, in a worker thread; `check`: also SQLite's quick_check
 * ("ok" when sound); `wal`: switch the file to WAL first (as the migrations leave a database).
 */
export function inspectSqlite(
  file: string,
  { wal = false, check = true } = {},
): Promise<{ tables: Record<string, number>; ok: string }> {
  return runSqliteWorker(INSPECT_WORKER, { file, wal, check });
}

const COUNT_TABLES = `
function countTables(db) {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all();
  const tables = {};
  for (const name of names) {
    tables[name] = db.prepare('SELECT count(*) FROM "' + name.replaceAll('"', '""') + '"').pluck().get();
  }
  return tables;
}`;

const SNAPSHOT_WORKER = `${COUNT_TABLES}
const { source, dest, keysSql, migrationSql } = workerData;
const src = new Database(source, { fileMustExist: true, timeout: 5000 });
try { src.prepare("VACUUM INTO ?").run(dest); } finally { src.close(); }
const db = new Database(dest, { readonly: true });
try {
  const tables = countTables(db);
  const keys = db.prepare(keysSql).pluck().all();
  const migration = tables._prisma_migrations === undefined ? null : (db.prepare(migrationSql).pluck().get() ?? null);
  parentPort.postMessage({ tables, keys, migration });
} finally { db.close(); }`;

const INSPECT_WORKER = `${COUNT_TABLES}
const db = new Database(workerData.file, { fileMustExist: true });
try {
  if (workerData.wal) db.pragma("journal_mode = WAL");
  const ok = workerData.check ? db.pragma("quick_check", { simple: true }) : "not checked";
  parentPort.postMessage({ tables: countTables(db), ok });
} finally { db.close(); }`;

/**
 * Runs `body` in a worker thread. `signal` terminates it; SQLite's own work (a VACUUM INTO under
 * way) ends first, then the worker stops and its database is closed. Settles once it has exited.
 */
function runSqliteWorker<T>(body: string, data: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const code = `const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
${body}`;
  return new Promise<T>((resolve, reject) => {
    throwIfStopped(signal);
    const worker = new Worker(code, { eval: true, workerData: { ...data, driver } });
    const stop = () => void worker.terminate();
    signal?.addEventListener("abort", stop, { once: true });
    let result: { value: T } | undefined;
    let failure: unknown;
    worker.once("message", (value: T) => (result = { value }));
    worker.once("error", (error) => (failure = error));
    worker.once("exit", (code) => {
      signal?.removeEventListener("abort", stop);
      if (signal?.aborted) reject(new BackupError("The backup was stopped before it was complete."));
      else if (failure) reject(failure);
      else if (result) resolve(result.value);
      else reject(new BackupError(`The SQLite worker stopped (exit code ${code}) without a result.`));
    });
  });
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; pg_dump reads that very
 * snapshot (--snapshot) while the transaction counts the rows and reads the keys, so the
 * manifest describes exactly what the dump holds. Only the app's schema, without owners or
 * grants, so it restores into a database of another user.
 */
async function snapshotPostgres(url: string, dest: string, pgBin?: string, signal?: AbortSignal): Promise<Snapshot> {
  const { config, schema: urlSchema } = pgSettings(url);
  const client = new pg.Client(config);
  await client.connect();
  // Stopped: pg_dump is ended (runPgTool) and the connection closed, so that a count waiting for
  // a lock fails now rather than when the lock is released.
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= client.end());
  const stop = () => void close().catch(() => {});
  signal?.addEventListener("abort", stop, { once: true });
  try {
    throwIfStopped(signal);
    const serverMajor = await pgServerMajor(client);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const schema = urlSchema ?? (await client.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]!.s;
    const { snapshot } = (await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot")).rows[0]!;
    const bin = await pgTool("pg_dump", serverMajor, pgBin);
    const dump = runPgTool(
      bin,
      [
        "--format=custom",
        `--schema=${schema}`,
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${dest}`,
      ],
      url,
      signal,
    );
    // Wait for the dump even when a query fails: the transaction must outlive pg_dump's start.
    const read = (async () => {
      const tables = await countPgTables(client, schema);
      const keys = (await client.query<{ k: string }>(KEYS_SQL)).rows.map((row) => row.k);
      const migration =
        tables._prisma_migrations === undefined
          ? null
          : ((await client.query<{ m: string }>(MIGRATION_SQL)).rows[0]?.m ?? null);
      return { tables, keys, migration, schema };
    })();
    const [dumped, counted] = await Promise.allSettled([dump, read]);
    if (dumped.status === "rejected") throw dumped.reason;
    throwIfStopped(signal);
    if (counted.status === "rejected") throw counted.reason;
    await client.query("COMMIT");
    return counted.value;
  } finally {
    signal?.removeEventListener("abort", stop);
    await close();
  }
}

/**
 * Row counts of the schema's tables, less an extension's own (pg_depend 'e', e.g. PostGIS's
 * spatial_ref_sys): pg_dump --schema leaves those out, so counting them would fail the restore's check.
 */
export async function countPgTables(client: pg.Client, schema: string): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY c.relname`,
    [schema],
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted}`);
    tables[name] = Number(counted[0]!.n);
  }
  return tables;
}

export async function pgServerMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  return Math.floor(Number(rows[0]!.v) / 10000);
}

/**
 * A pg_dump or pg_restore at least as new as the server (an older one refuses, or misreads a newer
 * server's catalog), and otherwise the closest to it (a newer one may send what an older server
 * does not know): PG_BIN if it is new enough, else the oldest new enough of Debian's
 * /usr/lib/postgresql/<n>/bin and PATH's.
 */
export async function pgTool(name: "pg_dump" | "pg_restore", serverMajor: number, pgBin?: string): Promise<string> {
  const dirs = [
    ...(pgBin ? [pgBin] : []),
    ...(fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .filter((v) => /^\d+$/.test(v))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  const candidates = [...new Set([...dirs.map((dir) => path.join(dir, name)), name])];
  const found: { bin: string; major: number }[] = [];
  for (const bin of candidates) {
    const major = await toolMajor(bin);
    if (major !== null) found.push({ bin, major });
  }
  const chosen = choosePgTool(found, serverMajor, pgBin ? path.join(pgBin, name) : undefined);
  if (chosen) return chosen;
  throw new BackupError(
    `${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server; found ` +
      `${found.length > 0 ? found.map((f) => `${f.bin} (${f.major})`).join(", ") : "none"}. ` +
      "Install PostgreSQL's client tools or set PG_BIN.",
  );
}

/** Of the tools found, PG_BIN's when new enough, else the oldest at least as new as the server (the first on a tie). */
export function choosePgTool(
  found: { bin: string; major: number }[],
  serverMajor: number,
  preferred?: string,
): string | undefined {
  const fit = found.filter((f) => f.major >= serverMajor);
  const given = fit.find((f) => f.bin === preferred);
  if (given) return given.bin;
  return fit.reduce<{ bin: string; major: number } | undefined>(
    (best, f) => (!best || f.major < best.major ? f : best),
    undefined,
  )?.bin;
}

async function toolMajor(bin: string): Promise<number | null> {
  try {
    const out = await runTool(bin, ["--version"]);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Runs pg_dump or pg_restore on a database URL. The password travels in PGPASSWORD, never on the
 * command line (which `ps` shows), and is masked in its errors; Prisma's `schema` parameter is not
 * libpq's and is dropped.
 */
export function runPgTool(bin: string, args: string[], url: string, signal?: AbortSignal): Promise<string> {
  const parsed = new URL(pgSettings(url).config.connectionString!);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const environment: NodeJS.ProcessEnv = { ...process.env, PGPASSWORD: password || process.env.PGPASSWORD };
  if (!password) delete environment.PGPASSWORD;
  return runTool(bin, [...args, `--dbname=${parsed.toString()}`], { environment, secret: password, signal });
}

/**
 * Runs a tool; resolves with its output, rejects with its error output (`secret` masked).
 * `signal` ends it (SIGTERM); the promise settles once it has exited.
 */
function runTool(
  bin: string,
  args: string[],
  {
    environment = process.env,
    secret,
    signal,
  }: { environment?: NodeJS.ProcessEnv; secret?: string; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    throwIfStopped(signal);
    const child = spawn(bin, args, { env: environment, stdio: ["ignore", "pipe", "pipe"] });
    const stop = () => child.kill("SIGTERM");
    signal?.addEventListener("abort", stop, { once: true });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("error", (error) => {
      signal?.removeEventListener("abort", stop);
      reject(error);
    });
    child.once("close", (code) => {
      signal?.removeEventListener("abort", stop);
      if (signal?.aborted) return reject(new BackupError("The backup was stopped before it was complete."));
      if (code === 0) return resolve(out);
      const text = `${path.basename(bin)} failed (exit code ${code}): ${err.trim()}`;
      reject(new BackupError(secret ? text.replaceAll(secret, "***") : text));
    });
  });
}

/** A database URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@/]*@/i, "$1:***@");
}

/** Where this machine is, for the schedule's claim rows. */
export function instanceName(): string {
  return `${os.hostname()}:${process.pid}`;
}
