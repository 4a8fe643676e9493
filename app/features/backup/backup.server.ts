// Backups (docs/decisions/029-backup-and-restore.md) for `npm run backup`, the server's schedule and
// `npm run restore`. Relative imports only: plain Node scripts import it.
//
// A backup is one folder `academia-<UTC time>` under BACKUP_DIR: manifest.json, the database
// (database.sqlite by VACUUM INTO, or database.pgdump by pg_dump of one exported snapshot) and,
// with local storage, files/<key> (with S3 the manifest only lists the keys). It is written under
// `.partial-*` and renamed when complete, so a half-written backup is never listed or restored.
//
// A stored file is written before the row that names it and deleted after that row is gone, so
// the files are copied before the snapshot and again after it (for rows written in between);
// copies the snapshot does not name are dropped, and a named key no pass found is `missing`.
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
import { z } from "zod";
import { databaseProvider, databaseUrl, pgSettings, sqliteFilePath } from "../../lib/db-adapter.ts";
import { env } from "../../lib/env.server.ts";
import { fileStorage, isStorageKey, uploadsDir, type StorageArea } from "../../lib/storage.server.ts";
import type { FileStorage } from "../../lib/storage/types.ts";

export const MANIFEST = "manifest.json";
export const FILES_DIR = "files";
const DATABASE_FILE = { sqlite: "database.sqlite", postgresql: "database.pgdump" } as const;
/** A complete backup's folder name; the temporary `.partial-*` ones never match. */
const BACKUP_NAME = /^academia-\d{8}T\d{6}Z(-\d+)?$/;
/** A `.partial-*` folder this old is a run that died. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const STOPPED = "The backup was stopped before it was complete.";

/** The column that names each storage area's files: a new area must say where its keys live. */
const STORED_FILE_COLUMNS: Record<StorageArea, { table: string; column: string }> = {
  avatars: { table: "User", column: "imagenPerfil" },
  courses: { table: "Course", column: "imagen" },
  modules: { table: "ModuleFile", column: "storageKey" },
  certificates: { table: "Certificate", column: "pdfKey" },
  books: { table: "Book", column: "pdfKey" },
  assignments: { table: "AssignmentFile", column: "storageKey" },
  submissions: { table: "SubmissionFile", column: "storageKey" },
};

/** The same SQL on SQLite and PostgreSQL: every stored-file key the database names. */
const KEYS_SQL = Object.values(STORED_FILE_COLUMNS)
  .map(({ table, column }) => `SELECT "${column}" AS k FROM "${table}" WHERE "${column}" IS NOT NULL`)
  .join(" UNION ");
const MIGRATION_SQL =
  'SELECT migration_name AS m FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ' +
  "ORDER BY migration_name DESC LIMIT 1";

const StoredFileSchema = z.object({
  key: z.string().regex(/^[a-z]+\/[0-9a-f-]{36}\.[a-z]+$/),
  size: z.number().int().min(0),
  /** Local storage: the copy's SHA-256; S3: the object's ETag. */
  sha256: z.string().optional(),
  etag: z.string().optional(),
});
type StoredFile = z.output<typeof StoredFileSchema>;

export const ManifestSchema = z.object({
  format: z.literal("academia-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  engine: z.enum(["sqlite", "postgresql"]),
  /** The newest migration applied in the backed-up database. */
  migration: z.string().nullable(),
  database: z.object({
    file: z.enum([DATABASE_FILE.sqlite, DATABASE_FILE.postgresql]),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    schema: z.string().optional(),
  }),
  tables: z.record(z.string(), z.number().int().min(0)),
  /** "local": the files are in files/; "s3": the keys the bucket keeps. */
  storage: z.enum(["local", "s3"]),
  files: z.array(StoredFileSchema),
  /** Keys the database names that were not in the storage when the backup was made. */
  missing: z.array(z.string()),
  seconds: z.number(),
});
export type Manifest = z.output<typeof ManifestSchema>;

/** Where the data is: DATABASE_URL, DATA_DIR/uploads, the storage in use. */
export type DataTarget = { databaseUrl: string; uploadsDir: string; storage: FileStorage; pgBin?: string };
export type BackupOptions = DataTarget & {
  backupDir: string;
  keep: number;
  log?: (line: string) => void;
  now?: Date;
  /** Called between the steps (tests write there: between the first file copies and the snapshot, and after it). */
  between?: { beforeSnapshot?: () => Promise<void>; afterSnapshot?: () => Promise<void> };
  /** Stops the backup: pg_dump ended, the SQLite worker terminated, the partial folder removed; a BackupError. */
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
  if (signal?.aborted) throw new BackupError(STOPPED);
}

function backupName(date: Date): string {
  return `academia-${date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "")}`;
}

/** The complete backups in `dir`, oldest first (their names sort by time). */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await unlessMissing(fsp.readdir(dir), []);
  return names.filter((name) => BACKUP_NAME.test(name) && fs.existsSync(path.join(dir, name, MANIFEST))).sort();
}

/** `fallback` when the file or folder does not exist. */
export async function unlessMissing<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  }
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
  // Stopped: the partial folder goes at once (a VACUUM INTO or pg_dump under way writes on into
  // its unlinked file), and again once the step has ended.
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
  const entries = await unlessMissing(fsp.readdir(root, { recursive: true }), []);
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
  const source = await unlessMissing(openRead(from), null);
  if (!source) return null;
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
 * SQLite: `VACUUM INTO` copies the database in one read transaction (WAL lets the site write on),
 * then the copy's counts and keys are read; in a worker thread, as better-sqlite3 is synchronous.
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

/** Runs `body` in a worker thread; `signal` terminates it (after SQLite's statement under way). Settles on exit. */
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
      if (signal?.aborted) reject(new BackupError(STOPPED));
      else if (failure) reject(failure);
      else if (result) resolve(result.value);
      else reject(new BackupError(`The SQLite worker stopped (exit code ${code}) without a result.`));
    });
  });
}

/**
 * PostgreSQL: pg_dump reads the snapshot a repeatable-read transaction exports while that
 * transaction counts the rows and reads the keys, so the manifest describes exactly what the dump
 * holds. Only the app's schema, without owners or grants (it restores into another user's database).
 */
async function snapshotPostgres(url: string, dest: string, pgBin?: string, signal?: AbortSignal): Promise<Snapshot> {
  const { config, schema: urlSchema } = pgSettings(url);
  const client = new pg.Client(config);
  await client.connect();
  // Stopped: the connection is closed too, so that a count waiting for a lock fails now.
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
 * A pg_dump or pg_restore at least as new as the server, and otherwise the closest to it: PG_BIN
 * if new enough, else the oldest new enough of Debian's /usr/lib/postgresql/<n>/bin and PATH's.
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
 * Runs pg_dump or pg_restore on a database URL: the password in PGPASSWORD (never on the command
 * line, which `ps` shows) and masked in errors; Prisma's `schema` parameter is dropped.
 */
export function runPgTool(bin: string, args: string[], url: string, signal?: AbortSignal): Promise<string> {
  const parsed = new URL(pgSettings(url).config.connectionString!);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const environment: NodeJS.ProcessEnv = { ...process.env, PGPASSWORD: password || process.env.PGPASSWORD };
  if (!password) delete environment.PGPASSWORD;
  return runTool(bin, [...args, `--dbname=${parsed.toString()}`], { environment, secret: password, signal });
}

/** Runs a tool: its output, or a BackupError with its error output (`secret` masked); `signal` ends it. */
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
      if (signal?.aborted) return reject(new BackupError(STOPPED));
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
