// `npm run restore -- <backup>` (scripts/restore.ts; docs/decisions/029-backup-and-restore.md):
// puts a backup made by ./backup.server.ts back into DATABASE_URL's database and DATA_DIR/uploads.
//
// 1. The manifest must be ours, of the same engine and storage, and of a migration this code
//    knows (a backup of a newer version is refused: restore it with that version). The backup's
//    database file and stored files must match the manifest's SHA-256 before anything is touched.
// 2. The target must be empty (no table in the database or its schema, no file under uploads);
//    `force` replaces what is there. The server must be stopped for a forced restore.
// 3. Everything is made ready first, beside what it replaces: SQLite, the file copied next to the
//    target and checked (quick_check, row counts); PostgreSQL, the dump turned into SQL by
//    pg_restore, checked and adjusted on its way to a file (./restore-script.server.ts: no psql
//    meta-command, no SET the server lacks); the files copied into a folder beside uploads. Then
//    the database is replaced and the files swapped in. SQLite: the files, then a rename over the
//    target (if it fails, the old files go back). PostgreSQL: one psql transaction that drops the
//    schema's objects and runs the dump's SQL (the long step: if it fails or is stopped, it rolls
//    back and no file has moved), then the files (two renames). A failure leaves the old database
//    and files as they were; `signal` (Ctrl-C) stops the step under way and removes what was staged.
// 4. The restored rows are counted again, table by table, against the manifest, and every stored
//    file is looked for (on S3, the bucket must still hold every key the backup lists).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { z } from "zod";
import { databaseProvider, pgSettings, sqliteFilePath } from "../../lib/db-adapter.ts";
import {
  BackupError,
  copyHashed,
  countPgTables,
  DATABASE_FILE,
  FILES_DIR,
  inParallel,
  inspectSqlite,
  MANIFEST,
  pgTool,
  pgToolConnection,
  runTool,
  sha256Of,
  type DataTarget,
  type Manifest,
} from "./backup.server.ts";
import { restoreScriptFilter } from "./restore-script.server.ts";

export type RestoreOptions = DataTarget & {
  /** The backup's folder. */
  from: string;
  force?: boolean;
  /** The migrations this code has (a backup at any of them, or none, may be restored). */
  knownMigrations: readonly string[];
  log?: (line: string) => void;
  /**
   * Stops the restore (Ctrl-C, SIGTERM in scripts/restore.ts): the tool under way is ended (psql's
   * transaction rolls back), what was staged is removed, nothing is replaced, and restoreBackup
   * rejects. Once the database is replaced, the files' two renames finish.
   */
  signal?: AbortSignal;
  /** Tests: called just before the database is replaced (on SQLite, after the files were swapped in). */
  beforeReplace?: () => Promise<void>;
};

export type RestoreResult = {
  manifest: Manifest;
  rows: number;
  tables: number;
  files: number;
  replaced: string[];
  /** What an earlier restore that did not finish left beside the target (reported, not touched). */
  leftovers: string[];
};

const STOPPED = "The restore was stopped: nothing was replaced (the database and the stored files are as they were).";

function throwIfStopped(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new BackupError(STOPPED);
}

const ManifestSchema = z.object({
  format: z.literal("academia-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  engine: z.enum(["sqlite", "postgresql"]),
  migration: z.string().nullable(),
  database: z.object({
    file: z.enum([DATABASE_FILE.sqlite, DATABASE_FILE.postgresql]),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    schema: z.string().optional(),
  }),
  tables: z.record(z.string(), z.number().int().min(0)),
  storage: z.enum(["local", "s3"]),
  files: z.array(
    z.object({
      key: z.string().regex(/^[a-z]+\/[0-9a-f-]{36}\.[a-z]+$/),
      size: z.number().int().min(0),
      sha256: z.string().optional(),
      etag: z.string().optional(),
    }),
  ),
  missing: z.array(z.string()),
  seconds: z.number(),
});

async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(dir, MANIFEST), "utf8");
  } catch {
    throw new BackupError(`${dir} is not a complete backup: it has no ${MANIFEST}.`, 2);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BackupError(
      `${dir}/${MANIFEST} is not valid JSON (damaged or cut short): ${(error as Error).message}.`,
      2,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${dir}/${MANIFEST} is not an Academia backup manifest.`, 2);
  return parsed.data as Manifest;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const { signal } = options;
  const leftovers = await findLeftovers(options.uploadsDir, options.databaseUrl);
  if (leftovers.length > 0) log(leftoversText(leftovers));
  const progress = { databaseReplaced: false };
  try {
    return { ...(await restore(options, log, progress)), leftovers };
  } catch (error) {
    // Stopped before the database was replaced: whatever failed on the way, nothing was.
    if (signal?.aborted && !progress.databaseReplaced) throw new BackupError(STOPPED);
    throw error;
  }
}

async function restore(
  options: RestoreOptions,
  log: (line: string) => void,
  progress: { databaseReplaced: boolean },
): Promise<Omit<RestoreResult, "leftovers">> {
  const { signal } = options;
  const manifest = await readManifest(options.from);
  const engine = databaseProvider(options.databaseUrl);
  if (manifest.engine !== engine) {
    throw new BackupError(`The backup is of a ${manifest.engine} database, but DATABASE_URL is ${engine}.`, 2);
  }
  if (manifest.migration !== null && !options.knownMigrations.includes(manifest.migration)) {
    throw new BackupError(
      `The backup's database is at migration ${manifest.migration}, which this version does not have: ` +
        "restore it with the version of the academy that made it (or a newer one).",
      2,
    );
  }
  if (manifest.storage !== options.storage.kind) {
    throw new BackupError(
      `The backup's files are ${manifest.storage === "s3" ? "in an S3 bucket" : "on the local disk"}, but this ` +
        `configuration stores files ${options.storage.kind === "s3" ? "in S3 (S3_BUCKET)" : "on the local disk"}.`,
      2,
    );
  }
  await verifyBackupFiles(options.from, manifest, signal);
  const name = path.basename(options.from);
  log(`Backup ${name} checked: its database and ${manifest.files.length} file(s) match the manifest.`);

  const local = manifest.storage === "local";
  const occupied = [
    ...(engine === "sqlite" ? await sqliteOccupied(options.databaseUrl) : await pgOccupied(options.databaseUrl)),
    ...(local && (await hasAnyFile(options.uploadsDir)) ? [`the stored files in ${options.uploadsDir}`] : []),
  ];
  if (occupied.length > 0 && !options.force) {
    throw new BackupError(
      `Refusing to overwrite ${occupied.join(" and ")}. Restore into an empty ` +
        `${engine === "sqlite" ? "database file and data directory" : "database"}, or add --force to replace ` +
        "them (stop the server first).",
      2,
    );
  }

  const database = path.join(options.from, manifest.database.file);
  const staged =
    engine === "sqlite"
      ? await stageSqlite(database, options.databaseUrl, manifest, signal)
      : await stagePostgres(database, options.databaseUrl, manifest, options.pgBin, signal);
  try {
    const files = local ? await stageLocalFiles(options.from, options.uploadsDir, manifest, signal) : undefined;
    let replaced = false;
    try {
      throwIfStopped(signal);
      // SQLite's replacement is a rename: the files first, put back if it fails. PostgreSQL's is
      // the long step (psql): the files move only once its transaction has committed.
      if (engine === "sqlite") await files?.swapIn();
      await options.beforeReplace?.();
      await staged.replace();
      progress.databaseReplaced = true;
      if (engine === "postgresql") await files?.swapIn();
      replaced = true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (progress.databaseReplaced) {
        throw new BackupError(
          `The database was restored, but the stored files could not be put in ${options.uploadsDir} ` +
            `(the old ones are still there): ${reason}. Run the restore again with --force.`,
        );
      }
      await files?.putBack();
      throw new BackupError(
        `The restore failed and nothing was replaced (the database and the stored files are as they were): ${reason}`,
      );
    } finally {
      await files?.cleanUp(replaced);
    }
  } finally {
    await staged.cleanUp();
  }
  const restored = await staged.count();
  checkCounts(restored, manifest, "After restoring");
  const files = local
    ? await checkLocalFiles(options.uploadsDir, manifest)
    : await checkBucket(options.storage, manifest);
  const rows = Object.values(restored).reduce((sum, n) => sum + n, 0);
  return { manifest, rows, tables: Object.keys(restored).length, files, replaced: occupied };
}

/** Before touching anything: the backup's own files are those the manifest describes. */
async function verifyBackupFiles(dir: string, manifest: Manifest, signal: AbortSignal | undefined) {
  const database = path.join(dir, manifest.database.file);
  if (!fs.existsSync(database)) throw new BackupError(`The backup has no ${manifest.database.file}.`);
  if ((await sha256Of(database)) !== manifest.database.sha256) {
    throw new BackupError(`The backup's ${manifest.database.file} does not match its manifest (damaged).`);
  }
  if (manifest.storage !== "local") return;
  const damaged: string[] = [];
  for (const file of manifest.files) {
    throwIfStopped(signal);
    const copy = path.join(dir, FILES_DIR, file.key);
    if (!fs.existsSync(copy) || (await sha256Of(copy)) !== file.sha256) damaged.push(file.key);
  }
  if (damaged.length > 0) {
    throw new BackupError(`The backup's stored files are missing or damaged: ${damaged.join(", ")}.`);
  }
}

/** Row counts that differ from the manifest's, as "Table: n instead of m". */
function countDifferences(found: Record<string, number>, expected: Record<string, number>): string[] {
  const names = new Set([...Object.keys(found), ...Object.keys(expected)]);
  return [...names]
    .filter((name) => found[name] !== expected[name])
    .map((name) => `${name}: ${found[name] ?? "no table"} instead of ${expected[name] ?? "no table"}`);
}

function checkCounts(found: Record<string, number>, manifest: Manifest, when: string) {
  const differences = countDifferences(found, manifest.tables);
  if (differences.length > 0) {
    throw new BackupError(`${when}, the rows differ from the backup's manifest: ${differences.join("; ")}.`);
  }
}

// SQLite.

async function sqliteOccupied(url: string): Promise<string[]> {
  const file = sqliteFilePath(url);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return [];
  const { tables } = await inspectSqlite(file, { check: false });
  return Object.keys(tables).length > 0 ? [`the database ${file}`] : [];
}

/**
 * A database made ready beside its target: `replace` puts it in place in one step (or not at all),
 * `count` counts the target's rows per table, `cleanUp` removes what is left of the staging.
 */
type StagedDatabase = {
  replace(): Promise<void>;
  count(): Promise<Record<string, number>>;
  cleanUp(): Promise<void>;
};

async function stageSqlite(
  database: string,
  url: string,
  manifest: Manifest,
  signal: AbortSignal | undefined,
): Promise<StagedDatabase> {
  const target = sqliteFilePath(url);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const suffix = crypto.randomBytes(4).toString("hex");
  const temp = `${target}.restore-${suffix}`;
  try {
    await fsp.copyFile(database, temp);
    // Readable by its owner only, as a new database is (createDatabaseFile), whatever the copy's mode.
    await fsp.chmod(temp, 0o600);
    throwIfStopped(signal);
    const copy = await inspectSqlite(temp, { wal: true });
    if (copy.ok !== "ok") throw new BackupError(`The backup's database fails SQLite's check: ${copy.ok}`);
    checkCounts(copy.tables, manifest, "Before restoring");
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  return {
    // A WAL left by the replaced database would be replayed into the restored one: the old
    // database's -wal, -shm and -journal are moved aside (and back if the rename fails).
    async replace() {
      const aside: [string, string][] = [];
      try {
        for (const sidecar of ["-wal", "-shm", "-journal"].map((end) => `${target}${end}`)) {
          if (!fs.existsSync(sidecar)) continue;
          await fsp.rename(sidecar, `${sidecar}.replaced-${suffix}`);
          aside.push([sidecar, `${sidecar}.replaced-${suffix}`]);
        }
        await fsp.rename(temp, target);
      } catch (error) {
        for (const [sidecar, moved] of aside.reverse()) await fsp.rename(moved, sidecar);
        throw error;
      }
      for (const [, moved] of aside) await fsp.rm(moved, { force: true });
    },
    count: async () => (await inspectSqlite(target, { check: false })).tables,
    cleanUp: () => fsp.rm(temp, { force: true }),
  };
}

// PostgreSQL.

async function withPg<T>(url: string, fn: (client: pg.Client, schema: string) => Promise<T>): Promise<T> {
  const { config, schema } = pgSettings(url);
  const client = new pg.Client(config);
  await client.connect();
  try {
    const current = schema ?? (await client.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]!.s;
    return await fn(client, current);
  } finally {
    await client.end();
  }
}

/**
 * What the app's migrations make in a schema (tables, views, sequences, trigger functions, types),
 * as DROP statements: a forced restore empties the schema but keeps it (its owner and grants).
 * An extension's objects are not the academy's data (pg_depend 'e'): they are neither counted nor
 * dropped (PostgreSQL refuses to drop them alone), and the extension stays.
 */
const NOT_IN_EXTENSION = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d ` +
  `WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;
const PG_OBJECTS_SQL = `
  SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind,
      format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'S') AND ${NOT_IN_EXTENSION("pg_class", "c.oid")}
  UNION ALL SELECT 'FUNCTION', format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = $1 AND ${NOT_IN_EXTENSION("pg_proc", "p.oid")}
  UNION ALL SELECT 'TYPE', format('%I.%I', n.nspname, t.typname)
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = $1 AND t.typtype IN ('e', 'd') AND ${NOT_IN_EXTENSION("pg_type", "t.oid")}`;

async function pgObjects(client: pg.Client, schema: string): Promise<{ kind: string; name: string }[]> {
  return (await client.query<{ kind: string; name: string }>(PG_OBJECTS_SQL, [schema])).rows;
}

async function pgOccupied(url: string): Promise<string[]> {
  return withPg(url, async (client, schema) => {
    const objects = await pgObjects(client, schema);
    const tables = objects.filter((o) => o.kind === "TABLE").length;
    return objects.length > 0
      ? [`the database's schema "${schema}" (${tables} tables, ${objects.length} objects)`]
      : [];
  });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** DROP statements for the schema's objects (views first: they depend on tables). */
function dropStatements(objects: { kind: string; name: string }[]): string[] {
  return ["VIEW", "TABLE", "SEQUENCE", "FUNCTION", "TYPE"].flatMap((kind) => {
    const names = objects.filter((o) => o.kind === kind).map((o) => o.name);
    return names.length > 0 ? [`DROP ${kind} IF EXISTS ${names.join(", ")} CASCADE;`] : [];
  });
}

/**
 * The dump as SQL (pg_restore), checked and adjusted on its way to a file (restoreScriptFilter),
 * made before anything is touched: a dump pg_restore cannot read, or whose SQL psql must not run,
 * fails here. `replace` runs, in one psql transaction (-1, ON_ERROR_STOP), the DROPs of the
 * schema's objects and that SQL: any error rolls both back, and the old data stays.
 */
async function stagePostgres(
  dump: string,
  url: string,
  manifest: Manifest,
  pgBin: string | undefined,
  signal: AbortSignal | undefined,
): Promise<StagedDatabase> {
  const { schema, serverVersion } = await withPg(url, async (client, schema) => ({
    schema,
    serverVersion: Number(
      (await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]!.v,
    ),
  }));
  const serverMajor = Math.floor(serverVersion / 10000);
  const from = manifest.database.schema ?? "public";
  if (from !== schema) {
    throw new BackupError(`The backup is of the schema "${from}"; DATABASE_URL's is "${schema}".`, 2);
  }
  const pgRestore = await pgTool("pg_restore", serverMajor, pgBin);
  // psql reads what pg_restore writes: the one beside it first (the same installation).
  const psql = await pgTool("psql", serverMajor, path.isAbsolute(pgRestore) ? path.dirname(pgRestore) : pgBin);
  // Personal data: a folder only this user reads (mkdtemp makes it 0700), removed by cleanUp.
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "academia-restore-"));
  const sql = path.join(dir, "restore.sql");
  const drops = path.join(dir, "drops.sql");
  try {
    // The schema exists already (public always does): pg_restore must not create it again.
    const list = (await runTool(pgRestore, ["--list", dump], { signal }))
      .split("\n")
      .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )\S+ /.test(line))
      .join("\n");
    await fsp.writeFile(path.join(dir, "toc.list"), list);
    await spawnTool(
      pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        `--use-list=${path.join(dir, "toc.list")}`,
        "--file=-",
        dump,
      ],
      {
        signal,
        stdout: (out) =>
          pipeline(out, restoreScriptFilter(serverVersion), fs.createWriteStream(sql, { flags: "wx", mode: 0o600 })),
      },
    );
  } catch (error) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    async replace() {
      const objects = await withPg(url, (client) => pgObjects(client, schema));
      const statements = [
        "SET client_min_messages = warning;", // no NOTICE per object a DROP … CASCADE takes along
        ...dropStatements(objects),
        `CREATE SCHEMA IF NOT EXISTS ${quote(schema)};`,
      ];
      await fsp.writeFile(drops, `${statements.join("\n")}\n`);
      // Exit 0 is a committed transaction, even if `signal` came meanwhile; anything else, none.
      const { dbname, environment, password } = pgToolConnection(url);
      await spawnTool(
        psql,
        [
          "--no-psqlrc",
          "--quiet",
          "--single-transaction",
          "--set=ON_ERROR_STOP=1",
          `--file=${drops}`,
          `--file=${sql}`,
          `--dbname=${dbname}`,
        ],
        { environment, secret: password, signal },
      );
    },
    count: () => withPg(url, (client) => countPgTables(client, schema)),
    cleanUp: () => fsp.rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Runs pg_restore or psql; `stdout` consumes its output as a stream (a failure there ends the
 * tool and is the error). Resolves when it exits 0, even if `signal` came meanwhile (psql's
 * transaction then committed); `signal` ends it (SIGTERM), and it rejects once it has exited.
 * The error output is in the error, `secret` masked.
 */
function spawnTool(
  bin: string,
  args: string[],
  {
    environment = process.env,
    secret,
    signal,
    stdout,
  }: {
    environment?: NodeJS.ProcessEnv;
    secret?: string;
    signal?: AbortSignal;
    stdout?: (out: Readable) => Promise<void>;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new BackupError(STOPPED));
    const child = spawn(bin, args, { env: environment, stdio: ["ignore", stdout ? "pipe" : "ignore", "pipe"] });
    const stop = () => child.kill("SIGTERM");
    signal?.addEventListener("abort", stop, { once: true });
    let err = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      if (err.length < 100_000) err += chunk.toString();
    });
    let streamFailure: { error: unknown } | undefined;
    const streamed = stdout
      ? stdout(child.stdout!).catch((error: unknown) => {
          streamFailure = { error };
          child.kill("SIGTERM");
        })
      : Promise.resolve();
    child.once("error", (error) => {
      signal?.removeEventListener("abort", stop);
      reject(error);
    });
    child.once("close", (code) => {
      signal?.removeEventListener("abort", stop);
      void streamed.then(() => {
        if (streamFailure) return reject(streamFailure.error);
        if (code === 0) return resolve();
        if (signal?.aborted) return reject(new BackupError(STOPPED));
        const text = `${path.basename(bin)} failed (exit code ${code}): ${err.trim()}`;
        reject(new BackupError(secret ? text.replaceAll(secret, "***") : text));
      });
    });
  });
}

// Stored files.

async function hasAnyFile(dir: string): Promise<boolean> {
  try {
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.some((entry) => entry.isFile());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Copies the backup's files into a folder beside uploads, each checked against its SHA-256.
 * `swapIn` renames uploads aside and that folder into place; `putBack` undoes it; `cleanUp`
 * removes the staging folder, and the old files once the restore is done.
 */
async function stageLocalFiles(from: string, uploads: string, manifest: Manifest, signal: AbortSignal | undefined) {
  const suffix = crypto.randomBytes(4).toString("hex");
  const staged = `${uploads}.restore-${suffix}`;
  const replaced = `${uploads}.replaced-${suffix}`;
  try {
    await fsp.mkdir(staged, { recursive: true });
    for (const file of manifest.files) {
      throwIfStopped(signal);
      const copied = await copyHashed(path.join(from, FILES_DIR, file.key), path.join(staged, file.key));
      if (!copied || copied.sha256 !== file.sha256)
        throw new BackupError(`The stored file ${file.key} did not copy whole.`);
    }
  } catch (error) {
    await fsp.rm(staged, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `The backup's files could not be copied beside ${uploads}, nothing was replaced: ${(error as Error).message}`,
    );
  }
  let hadUploads = false;
  let swapped = false;
  return {
    async swapIn() {
      hadUploads = fs.existsSync(uploads);
      if (hadUploads) await fsp.rename(uploads, replaced);
      try {
        await fsp.rename(staged, uploads);
      } catch (error) {
        if (hadUploads) await fsp.rename(replaced, uploads);
        throw error;
      }
      swapped = true;
    },
    async putBack() {
      if (!swapped) return;
      try {
        await fsp.rename(uploads, staged);
        if (hadUploads) await fsp.rename(replaced, uploads);
        swapped = false;
      } catch (error) {
        throw new BackupError(
          `The database was not replaced, but the stored files could not be put back as they were in ${uploads}` +
            `${hadUploads ? ` (the old ones are in ${replaced})` : ""}: ${(error as Error).message}`,
        );
      }
    },
    async cleanUp(restored: boolean) {
      await fsp.rm(staged, { recursive: true, force: true });
      if (restored && hadUploads) await fsp.rm(replaced, { recursive: true, force: true });
    },
  };
}

/** After restoring: every file the manifest lists is in uploads, of its size. */
async function checkLocalFiles(uploads: string, manifest: Manifest): Promise<number> {
  const absent: string[] = [];
  for (const file of manifest.files) {
    const stat = await fsp.stat(path.join(uploads, file.key)).catch(() => null);
    if (!stat || stat.size !== file.size) absent.push(file.key);
  }
  if (absent.length > 0)
    throw new BackupError(`After restoring, these stored files are missing: ${absent.join(", ")}.`);
  return manifest.files.length;
}

/** S3: the bucket keeps the objects (its versioning or replication); every listed key must be there. */
async function checkBucket(storage: DataTarget["storage"], manifest: Manifest): Promise<number> {
  const checked = await inParallel(manifest.files, async (file) => (await storage.stat(file.key))?.size === file.size);
  const absent = checked.filter(([, present]) => !present).map(([file]) => file.key);
  if (absent.length > 0) {
    throw new BackupError(
      `The database is restored, but the bucket no longer holds ${absent.length} of its file(s): ` +
        `${absent.sort().join(", ")}. Recover them from the bucket's versions or replica.`,
    );
  }
  return manifest.files.length;
}

/**
 * What a restore that did not finish (killed, the machine stopped) may have left: the old or the
 * staged files beside uploads (`uploads.replaced-*`, `uploads.restore-*`), a staged SQLite file
 * or a moved-aside WAL beside the database, the dump as SQL in TMPDIR (`academia-restore-*`).
 */
async function findLeftovers(uploads: string, url: string): Promise<string[]> {
  const beside = async (file: string, test: (name: string) => boolean) => {
    const dir = path.dirname(file);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    return names.filter(test).map((name) => path.join(dir, name));
  };
  const base = path.basename(uploads);
  const found = [
    ...(await beside(uploads, (name) => name.startsWith(`${base}.replaced-`) || name.startsWith(`${base}.restore-`))),
    ...(await beside(path.join(os.tmpdir(), "x"), (name) => name.startsWith("academia-restore-"))),
  ];
  if (databaseProvider(url) === "sqlite") {
    const file = sqliteFilePath(url);
    const db = path.basename(file);
    found.push(...(await beside(file, (name) => name.startsWith(db) && /\.(replaced|restore)-[0-9a-f]+$/.test(name))));
  }
  return found.sort();
}

/** The operator's warning about leftovers (Spanish, like the academy's other texts for people). */
function leftoversText(leftovers: string[]): string {
  return [
    "Ojo: quedaron restos de una restauración que no terminó (o que sigue en curso):",
    ...leftovers.map((item) => `  ${item}`),
    "  En los «*.replaced-*» están los archivos o la base que había antes de esa restauración; en los «*.restore-*»",
    "  y «academia-restore-*», lo que se estaba preparando (tiene datos personales). Si no hay otra restauración",
    "  en curso, revisa qué quedó en su lugar y bórralos.",
  ].join("\n");
}
