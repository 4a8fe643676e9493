// Migrations (decision 001). `deploy`, what the server runs at start and the tests' setup runs,
// applies each pending <timestamp>_<name>/migration.sql of the provider's folder in name order, each
// in a transaction, and records it in Prisma's own `_prisma_migrations` table (same columns, the
// Prisma CLI's sha256), so `prisma migrate` and the dev commands over Prisma's schema engine
// (scripts/migrate/) read the same history. Failed and edited migrations are refused. One run at a
// time per database: SQLite by a lock directory beside the file, PostgreSQL by an advisory lock.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import pg from "pg";
import {
  createDatabaseFile,
  databaseProvider,
  databaseUrl,
  pgSettings,
  sqliteFilePath,
} from "../../app/lib/db-adapter.ts";
import type { DatabaseProvider } from "../../app/lib/db-adapter.ts";

export { databaseProvider, databaseUrl };

const ROOT = path.resolve(import.meta.dirname, "../..");
/** SQLite (the default and the source of truth); PostgreSQL's is derived by scripts/pg-schema.ts (decision 004). */
export const MIGRATIONS_DIR = path.join(ROOT, "prisma", "migrations");
export const PG_MIGRATIONS_DIR = path.join(ROOT, "prisma", "postgresql", "migrations");
export const LOCK_FILE = "migration_lock.toml";

/** A failure whose message is written for the person running the command. */
export class MigrateError extends Error {
  override name = "MigrateError";
}

/** Default schema and migrations folder of a provider. */
export function providerPaths(provider: DatabaseProvider): { schemaPath: string; migrationsDir: string } {
  const dir = provider === "postgresql" ? path.join(ROOT, "prisma", "postgresql") : path.join(ROOT, "prisma");
  return { schemaPath: path.join(dir, "schema.prisma"), migrationsDir: path.join(dir, "migrations") };
}

/** A path relative to the project root, for messages. */
export function rel(p: string): string {
  const r = path.relative(ROOT, p);
  return r.startsWith("..") ? p : r;
}

/** The migrations folder a URL uses by default, relative to the project root (for messages). */
export function migrationsFolderFor(url: string): string {
  return rel(providerPaths(databaseProvider(url)).migrationsDir);
}

export type Options = {
  /** DATABASE_URL (`file:...` or `postgresql://...`); defaults to the same resolution as the runtime. */
  url?: string;
  /** Migrations directory (default: the provider's; tests may point elsewhere). */
  migrationsDir?: string;
  /** Schema path (default: the provider's). */
  schemaPath?: string;
};

/** What one run works on: the database, its provider, and the schema and folder it uses. */
export type Target = {
  url: string;
  provider: DatabaseProvider;
  /** SQLite file (":memory:" as is); null on PostgreSQL. */
  filePath: string | null;
  schemaPath: string;
  migrationsDir: string;
};

/** Validates the URL (bad ones become a MigrateError) and picks the schema and folder; creates a SQLite file's directory. */
export function resolveTarget(url: string | undefined, options: Options = {}): Target {
  const u = url ?? databaseUrl();
  try {
    const provider = databaseProvider(u);
    const defaults = providerPaths(provider);
    const paths = {
      schemaPath: options.schemaPath ?? defaults.schemaPath,
      migrationsDir: options.migrationsDir ?? defaults.migrationsDir,
    };
    if (provider === "postgresql") {
      pgSettings(u);
      return { url: u, provider, filePath: null, ...paths };
    }
    const filePath = sqliteFilePath(u);
    if (filePath !== ":memory:") fs.mkdirSync(path.dirname(filePath), { recursive: true });
    return { url: u, provider, filePath, ...paths };
  } catch (err) {
    throw new MigrateError((err as Error).message);
  }
}

export type Migration = { name: string; sql: string; checksum: string };

/**
 * The folder's migrations in name order, with the Prisma CLI's checksum (sha256 of migration.sql).
 * A migration_lock.toml naming another provider is refused (P3019).
 */
export function readMigrations(migrationsDir = MIGRATIONS_DIR, provider?: DatabaseProvider): Migration[] {
  const lock = path.join(migrationsDir, LOCK_FILE);
  const locked = fs.existsSync(lock) && /^\s*provider\s*=\s*"([^"]*)"/m.exec(fs.readFileSync(lock, "utf8"))?.[1];
  if (provider && locked && locked !== provider) {
    throw new MigrateError(
      `P3019: ${rel(lock)} says provider = "${locked}", but DATABASE_URL is a "${provider}" database. ` +
        `Use the migrations folder for ${provider} (${rel(providerPaths(provider).migrationsDir)}).`,
    );
  }
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

// The database, through the runtime's drivers.

type Row = {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
};

type Connection = {
  tables(): Promise<string[]>;
  rows(): Promise<Row[]>;
  /** Creates `_prisma_migrations` as Prisma does, if missing. */
  createTable(): Promise<void>;
  /** Runs the migration and records it, in one transaction. */
  apply(m: Migration): Promise<void>;
  close(): Promise<void>;
};

const ROWS = `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`;
const RECORD = `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)`;

function sqliteConnection(filePath: string): Connection {
  createDatabaseFile(filePath);
  const db = new Database(filePath);
  if (filePath !== ":memory:") db.pragma("journal_mode = WAL");
  // Prisma's format for these DATETIME columns.
  const now = () => new Date().toISOString().replace("Z", "+00:00");
  return {
    tables: async () =>
      db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
        .all()
        .map((r) => r.name),
    rows: async () => db.prepare<[], Row>(ROWS).all(),
    createTable: async () => {
      db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`);
    },
    apply: async (m) => {
      // `PRAGMA foreign_keys` does nothing inside a transaction: a table rebuild that turns the
      // checks off (so that dropping the old table cascades nothing) gets them off before it.
      db.pragma(`foreign_keys = ${/PRAGMA foreign_keys\s*=\s*OFF/i.test(m.sql) ? "OFF" : "ON"}`);
      const startedAt = now();
      db.transaction(() => {
        db.exec(m.sql);
        db.prepare(`${RECORD} VALUES (?, ?, ?, ?, ?, 1)`).run(
          crypto.randomUUID(),
          m.checksum,
          now(),
          m.name,
          startedAt,
        );
      }).immediate();
    },
    close: async () => void db.close(),
  };
}

async function pgConnection(url: string): Promise<Connection> {
  const { config, schema } = pgSettings(url);
  const client = new pg.Client(config);
  await client.connect();
  if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  return {
    tables: async () =>
      (
        await client.query("SELECT tablename::text AS name FROM pg_tables WHERE schemaname = current_schema()")
      ).rows.map((r: { name: string }) => r.name),
    rows: async () => (await client.query<Row>(ROWS)).rows,
    createTable: async () => {
      await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`);
    },
    apply: async (m) => {
      const startedAt = new Date();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(`${RECORD} VALUES ($1, $2, clock_timestamp(), $3, $4, 1)`, [
          crypto.randomUUID(),
          m.checksum,
          m.name,
          startedAt,
        ]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    },
    close: () => client.end(),
  };
}

/** Runs `fn` on a connection of its own to the target's database. */
async function withConnection<T>(target: Target, fn: (c: Connection) => Promise<T>): Promise<T> {
  const c = target.filePath === null ? await pgConnection(target.url) : sqliteConnection(target.filePath);
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}

/** Applied (finished, not rolled back), failed (neither) and edited (applied with another checksum). */
function history(rows: Row[], migrations: Migration[]) {
  const live = rows.filter((r) => r.rolled_back_at === null);
  const applied = new Map(live.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r.checksum]));
  return {
    applied,
    failed: live.filter((r) => r.finished_at === null).map((r) => r.migration_name),
    edited: migrations.filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum).map((m) => m.name),
    pending: migrations.filter((m) => !applied.has(m.name)).map((m) => m.name),
    unknown: [...applied.keys()].filter((name) => !migrations.some((m) => m.name === name)),
  };
}

// One run at a time.

/** An arbitrary, fixed key for our session-level advisory lock on PostgreSQL. */
const PG_MIGRATION_LOCK_KEY = 727_073_700;

/** One migration run at a time per database, across processes (parallel starts, test workers). */
async function withMigrationLock<T>(target: Target, fn: () => Promise<T>): Promise<T> {
  if (target.filePath !== null) return withFileLock(target.filePath, fn);
  const client = new pg.Client(pgSettings(target.url).config);
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PG_MIGRATION_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PG_MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** An atomic mkdir next to the database file, with stale-lock recovery (":memory:" is private to this process). */
export async function withFileLock<T>(filePath: string, fn: () => Promise<T>): Promise<T> {
  if (filePath === ":memory:") return fn();
  const lockDir = `${filePath}.migrate-lock`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if (isStaleLock(lockDir)) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new MigrateError(
          `Timed out waiting for another migration on this database (lock ${lockDir}). ` +
            `If no migration is running, delete that directory.`,
        );
      }
      await sleep(50 + Math.random() * 50);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Stale: its process is gone, or (no pid written yet) it is older than 30 s. */
function isStaleLock(lockDir: string): boolean {
  try {
    const stat = fs.statSync(lockDir);
    let pid = NaN;
    try {
      pid = Number(fs.readFileSync(path.join(lockDir, "pid"), "utf8"));
    } catch {
      // pid not written yet: only stale if old
    }
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ESRCH") return true;
      }
      return false;
    }
    return Date.now() - stat.mtimeMs > 30_000;
  } catch {
    return false; // vanished: retry mkdir
  }
}

// The commands.

export type DeployResult = { applied: string[]; total: number };

/** `deploy`: applies pending migrations; refuses failed and edited ones. Safe to run in parallel. */
export async function deployMigrations(url?: string, options: Options = {}): Promise<DeployResult> {
  const target = resolveTarget(url ?? options.url, options);
  const migrations = readMigrations(target.migrationsDir, target.provider);
  return withMigrationLock(target, () =>
    withConnection(target, async (c) => {
      const tables = await c.tables();
      if (!tables.includes("_prisma_migrations")) {
        if (tables.length > 0) {
          throw new MigrateError(
            "P3005: the database schema is not empty and has no _prisma_migrations table: " +
              "it is not managed by these migrations.",
          );
        }
        await c.createTable();
      }
      const h = history(await c.rows(), migrations);
      if (h.failed.length > 0) {
        throw new MigrateError(
          `P3009: these migrations failed in the database: ${h.failed.join(", ")}.\n` +
            `Fix the database by hand and mark them as rolled back, or (development only) ` +
            `recreate it with "reset --force".`,
        );
      }
      if (h.edited.length > 0) {
        throw new MigrateError(
          `These migrations were modified after they were applied (checksum mismatch): ${h.edited.join(", ")}.\n` +
            `Restore the original migration.sql (git checkout) and create a new migration instead.`,
        );
      }
      const applied: string[] = [];
      for (const m of migrations.filter((m) => h.pending.includes(m.name))) {
        try {
          await c.apply(m);
        } catch (err) {
          throw new MigrateError(`Migration ${m.name} failed and was rolled back: ${(err as Error).message}`);
        }
        applied.push(m.name);
      }
      return { applied, total: migrations.length };
    }),
  );
}

export type StatusResult = {
  upToDate: boolean;
  pending: string[];
  summary: string;
};

/** `status`: compares the migrations folder with the database (read-only). */
export async function migrationStatus(options: Options = {}): Promise<StatusResult> {
  const target = resolveTarget(options.url, options);
  const migrations = readMigrations(target.migrationsDir, target.provider);
  const list = (names: string[]) => names.map((n) => `  ${n}`).join("\n");
  return withConnection(target, async (c) => {
    const tables = await c.tables();
    if (!tables.includes("_prisma_migrations")) {
      const names = migrations.map((m) => m.name);
      const summary =
        tables.length > 0
          ? "The database has tables but no _prisma_migrations table (not managed by migrations; deploy would refuse with P3005)."
          : names.length === 0
            ? "No migrations and an empty database."
            : `The database is empty: ${names.length} migration(s) not yet applied:\n${list(names)}`;
      return { upToDate: names.length === 0 && tables.length === 0, pending: names, summary };
    }
    const h = history(await c.rows(), migrations);
    const lines = [`${migrations.length} migration(s) found in ${rel(target.migrationsDir)}.`];
    if (h.pending.length) lines.push(`Not yet applied:\n${list(h.pending)}`);
    if (h.unknown.length) lines.push(`Applied in the database but missing locally:\n${list(h.unknown)}`);
    if (h.failed.length) lines.push(`Failed: ${h.failed.join(", ")}`);
    if (h.edited.length) lines.push(`Modified after being applied: ${h.edited.join(", ")}`);
    const upToDate = [h.pending, h.unknown, h.failed, h.edited].every((names) => names.length === 0);
    if (upToDate) lines.push("Database schema is up to date!");
    return { upToDate, pending: h.pending, summary: lines.join("\n") };
  });
}
