// `npm run restore -- <backup>` (docs/decisions/029-backup-and-restore.md): puts a backup into an
// EMPTY database and an empty DATA_DIR/uploads with the engine's own tools; it never replaces data.
// The manifest must be ours, of the same engine, storage and schema, at a migration this code
// knows, and the backup's files must match its SHA-256s; only then are the stored files copied and
// the database restored (SQLite: a checked copy renamed into place; PostgreSQL: `pg_restore
// --single-transaction`). A failure removes the copied files. The restored rows are counted again.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { databaseProvider, pgSettings, sqliteFilePath } from "../../lib/db-adapter.ts";
import {
  BackupError,
  copyHashed,
  countPgTables,
  FILES_DIR,
  inParallel,
  inspectSqlite,
  MANIFEST,
  pgServerMajor,
  pgTool,
  runPgTool,
  sha256Of,
  unlessMissing,
  ManifestSchema,
  type DataTarget,
  type Manifest,
} from "./backup.server.ts";

export type RestoreOptions = DataTarget & {
  /** The backup's folder. */
  from: string;
  /** The migrations this code has (a backup at any of them, or none, may be restored). */
  knownMigrations: readonly string[];
  log?: (line: string) => void;
};

export type RestoreResult = { manifest: Manifest; rows: number; tables: number; files: number };

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
  return parsed.data;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { databaseUrl: url, uploadsDir: uploads } = options;
  const manifest = await readManifest(options.from);
  const engine = databaseProvider(url);
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
  const pgTarget = engine === "postgresql" ? await withPg(url, readPgTarget) : undefined;
  if (pgTarget && (manifest.database.schema ?? "public") !== pgTarget.schema) {
    throw new BackupError(
      `The backup is of the schema "${manifest.database.schema ?? "public"}"; DATABASE_URL's is "${pgTarget.schema}".`,
      2,
    );
  }
  const local = manifest.storage === "local";
  const tablesThere = pgTarget ? pgTarget.tables : await sqliteTables(url);
  const occupied = [
    ...(tablesThere > 0 ? [`la base de datos de DATABASE_URL tiene ${tablesThere} tabla(s)`] : []),
    ...(local && (await hasAnyFile(uploads)) ? [`${uploads} tiene archivos`] : []),
  ];
  if (occupied.length > 0) {
    throw new BackupError(
      `La restauración solo escribe en una base de datos vacía, y aquí hay datos: ${occupied.join(" y ")}. ` +
        "No se cambió nada. Restaura en una vacía: en SQLite, DATABASE_URL a un archivo nuevo (por ejemplo " +
        "file:./data-nueva/academia.db) y DATA_DIR a una carpeta nueva; en PostgreSQL, una base nueva (createdb) " +
        "en DATABASE_URL y un DATA_DIR nuevo. Luego vuelve a ejecutar npm run restore.",
      2,
    );
  }

  await verifyBackupFiles(options.from, manifest);
  const name = path.basename(options.from);
  options.log?.(`Backup ${name} checked: its database and ${manifest.files.length} file(s) match the manifest.`);

  const database = path.join(options.from, manifest.database.file);
  const copied: string[] = [];
  try {
    for (const file of local ? manifest.files : []) {
      const to = path.join(uploads, file.key);
      copied.push(to);
      const done = await copyHashed(path.join(options.from, FILES_DIR, file.key), to);
      if (done?.sha256 !== file.sha256) throw new BackupError(`The stored file ${file.key} did not copy whole.`);
    }
    if (pgTarget) await restorePostgres(database, url, pgTarget, options.pgBin);
    else await restoreSqlite(database, url, manifest);
  } catch (error) {
    for (const file of copied) await fsp.rm(file, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`The restore failed; the target is empty again (the copied files removed): ${reason}`);
  }
  const restored = pgTarget
    ? await withPg(url, countPgTables)
    : (await inspectSqlite(sqliteFilePath(url), { check: false })).tables;
  checkCounts(restored, manifest, "After restoring");
  // Local files were each checked as they were copied.
  const files = local ? manifest.files.length : await checkBucket(options.storage, manifest);
  const rows = Object.values(restored).reduce((sum, n) => sum + n, 0);
  return { manifest, rows, tables: Object.keys(restored).length, files };
}

/** Before anything is written: the backup's own files are those the manifest describes. */
async function verifyBackupFiles(dir: string, manifest: Manifest) {
  const database = path.join(dir, manifest.database.file);
  if (!fs.existsSync(database)) throw new BackupError(`The backup has no ${manifest.database.file}.`);
  if ((await sha256Of(database)) !== manifest.database.sha256) {
    throw new BackupError(`The backup's ${manifest.database.file} does not match its manifest (damaged).`);
  }
  if (manifest.storage !== "local") return;
  const damaged: string[] = [];
  for (const file of manifest.files) {
    const copy = path.join(dir, FILES_DIR, file.key);
    if (!fs.existsSync(copy) || (await sha256Of(copy)) !== file.sha256) damaged.push(file.key);
  }
  if (damaged.length > 0) {
    throw new BackupError(`The backup's stored files are missing or damaged: ${damaged.join(", ")}.`);
  }
}

function checkCounts(found: Record<string, number>, manifest: Manifest, when: string) {
  const names = new Set([...Object.keys(found), ...Object.keys(manifest.tables)]);
  const differences = [...names]
    .filter((name) => found[name] !== manifest.tables[name])
    .map((name) => `${name}: ${found[name] ?? "no table"} instead of ${manifest.tables[name] ?? "no table"}`);
  if (differences.length > 0) {
    throw new BackupError(`${when}, the rows differ from the backup's manifest: ${differences.join("; ")}.`);
  }
}

// SQLite.

async function sqliteTables(url: string): Promise<number> {
  const file = sqliteFilePath(url);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return 0;
  return Object.keys((await inspectSqlite(file, { check: false })).tables).length;
}

/** The backup's file copied beside the (empty) target, checked, then renamed over it. */
async function restoreSqlite(database: string, url: string, manifest: Manifest) {
  const target = sqliteFilePath(url);
  const temp = `${target}.restoring`;
  await fsp.mkdir(path.dirname(target), { recursive: true });
  try {
    await fsp.copyFile(database, temp);
    // Readable by its owner only, as a new database is (createDatabaseFile), whatever the copy's mode.
    await fsp.chmod(temp, 0o600);
    const copy = await inspectSqlite(temp, { wal: true });
    if (copy.ok !== "ok") throw new BackupError(`The backup's database fails SQLite's check: ${copy.ok}`);
    checkCounts(copy.tables, manifest, "Before restoring");
    // An empty target's WAL must not be replayed into the restored file.
    for (const end of ["-wal", "-shm", "-journal"]) await fsp.rm(`${target}${end}`, { force: true });
    await fsp.rename(temp, target);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}

// PostgreSQL.

type PgTarget = { schema: string; tables: number; serverMajor: number };

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

/** The schema's tables (an extension's own are not the academy's data) and the server's version. */
async function readPgTarget(client: pg.Client, schema: string): Promise<PgTarget> {
  const tables = Object.keys(await countPgTables(client, schema)).length;
  return { schema, tables, serverMajor: await pgServerMajor(client) };
}

/**
 * pg_restore into the schema, in one transaction: any error rolls it all back. The schema itself
 * is made beforehand if missing (public always exists) and left out of the dump's entries.
 */
async function restorePostgres(dump: string, url: string, target: PgTarget, pgBin: string | undefined) {
  const bin = await pgTool("pg_restore", target.serverMajor, pgBin);
  await withPg(url, (client, schema) => client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`));
  await runPgTool(
    bin,
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--schema=${target.schema}`, dump],
    url,
  );
}

// Stored files.

async function hasAnyFile(dir: string): Promise<boolean> {
  const entries = await unlessMissing(fsp.readdir(dir, { recursive: true, withFileTypes: true }), []);
  return entries.some((entry) => entry.isFile());
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
