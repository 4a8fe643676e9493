// `deploy`, as `prisma migrate deploy` (failed or edited migrations refused), at every server start.
// One run at a time per database: SQLite by a lock directory beside the file (stale locks
// recovered), PostgreSQL by a session advisory lock. SQLite databases are switched to WAL.
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import pg from "pg";
import { pgSettings } from "../../app/lib/db-adapter.ts";
import type { DatabaseProvider } from "../../app/lib/db-adapter.ts";
import { MigrateError } from "./errors.ts";
import { loadMigrationsList } from "./migration-list.ts";
import { ensurePgSchema } from "./postgres-adapter.ts";
import { checkLockFile, resolveTarget } from "./providers.ts";
import type { Options } from "./providers.ts";
import { FILTERS, tableNames, withConnection, withEngine } from "./schema-engine.ts";
import type { Session } from "./schema-engine.ts";

// One run at a time.

/** An arbitrary, fixed key for our session-level advisory lock on PostgreSQL. */
const PG_MIGRATION_LOCK_KEY = 727_073_700;

/**
 * One migration run at a time per database, across processes. SQLite: a lock directory next
 * to the file. PostgreSQL: a session advisory lock held on a connection of its own for the
 * whole run (the engine's own locking was seen to let racing first deploys both try the
 * initial migration, leaving it marked failed).
 */
export async function withMigrationLock<T>(
  target: { provider: DatabaseProvider; url: string; filePath: string | null },
  fn: () => Promise<T>,
): Promise<T> {
  if (target.provider !== "postgresql") return withFileLock(target.filePath, fn);
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

/**
 * Serializes migration runs against one database file across processes (parallel `deploy`s,
 * test workers): an atomic mkdir next to the database, with stale-lock recovery.
 */
export async function withFileLock<T>(filePath: string | null, fn: () => Promise<T>): Promise<T> {
  // Nothing to lock: ":memory:" is private to this process, and null (PostgreSQL) never gets
  // here from withMigrationLock, which takes an advisory lock instead.
  if (filePath === null || filePath === ":memory:") return fn();
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

// Applying.

async function setWal(url: string, filePath: string | null): Promise<void> {
  if (filePath === null || filePath === ":memory:") return;
  await withConnection(url, (a) =>
    a.queryRaw({ sql: "PRAGMA journal_mode = WAL", args: [], argTypes: [] }).then(() => {}),
  );
}

/** Refuses failed and edited migrations (the engine alone ignores checksum drift). */
async function checkHistory(s: Session, list: MigrationList): Promise<void> {
  const d = await s.engine.diagnoseMigrationHistory({
    migrationsList: list,
    optInToShadowDatabase: false,
    filters: FILTERS,
  });
  if (d.failedMigrationNames.length > 0) {
    throw new MigrateError(
      `P3009: these migrations failed in the database: ${d.failedMigrationNames.join(", ")}.\n` +
        `Fix the database by hand and mark them as rolled back, or (development only) ` +
        `recreate it with "reset --force".`,
    );
  }
  if (d.editedMigrationNames.length > 0) {
    throw new MigrateError(
      `These migrations were modified after they were applied (checksum mismatch): ` +
        `${d.editedMigrationNames.join(", ")}.\n` +
        `Restore the original migration.sql (git checkout) and create a new migration instead.`,
    );
  }
}

/** Applies the pending migrations of `list`, after checkHistory once the database is managed. */
export async function applyPending(s: Session, list: MigrationList): Promise<string[]> {
  const tables = await tableNames(s.url);
  if (tables.includes("_prisma_migrations")) await checkHistory(s, list);
  const out = await s.engine.applyMigrations({ migrationsList: list, filters: FILTERS });
  return out.appliedMigrationNames;
}

export type DeployResult = { applied: string[]; total: number };

/** `deploy`: applies pending migrations; refuses failed/edited ones. Safe to run in parallel. */
export async function deployMigrations(url?: string, options: Options = {}): Promise<DeployResult> {
  const target = resolveTarget(url ?? options.url, options);
  const list = loadMigrationsList(target.migrationsDir);
  checkLockFile(list, target.provider);
  return withMigrationLock(target, () =>
    withEngine({ ...options, url: target.url }, async (s) => {
      await setWal(s.url, s.filePath);
      await ensurePgSchema(s.url);
      const applied = await applyPending(s, list);
      return { applied, total: list.migrationDirectories.length };
    }),
  );
}
