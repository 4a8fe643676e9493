// DATABASE_URL to a Prisma driver adapter factory, for the runtime client and the migrations alike:
// `file:` is SQLite (relative to the working directory), `postgres(ql)://` PostgreSQL (decision 004).
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { DriverAdapterError, type SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import type { Pool, PoolConfig } from "pg";

const DEFAULT_DATABASE_URL = "file:./data/academia.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** Prisma's provider names (as in `datasource db { provider = ... }`). */
export type DatabaseProvider = "sqlite" | "postgresql";

/** The provider a DATABASE_URL selects, by its scheme. */
export function databaseProvider(url: string): DatabaseProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  throw new Error(`DATABASE_URL must be a SQLite file: URL or a postgresql:// URL, got "${url.split(":")[0]}:"`);
}

/** Absolute file path of a SQLite `file:` URL (":memory:" is returned as is). */
export function sqliteFilePath(url: string): string {
  if (!url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite file: URL, got "${url.split(":")[0]}:"`);
  }
  const rest = url.slice("file:".length).split("?")[0] ?? "";
  if (rest === ":memory:") return rest;
  return path.resolve(rest);
}

/** pg settings of a postgresql:// URL; Prisma's `?schema=` (not libpq's) becomes the search_path. */
export function pgSettings(url: string): { config: PoolConfig; schema: string | undefined } {
  if (databaseProvider(url) !== "postgresql") {
    throw new Error(`Not a postgresql:// URL: "${url.split(":")[0]}:"`);
  }
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") || undefined;
  parsed.searchParams.delete("schema");
  const config: PoolConfig = { connectionString: parsed.toString() };
  if (schema !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(schema)) {
      throw new Error(`Unsupported schema name in DATABASE_URL: "${schema}"`);
    }
    config.options = `-c search_path=${schema}`;
  }
  return { config, schema };
}

/**
 * No parallel query: the app's queries are index walks that stop at a page, and parallel workers
 * take the cores of the requests beside them (a search measured 69 ms in three workers, 10 in one).
 */
const APP_PG_OPTIONS = "-c max_parallel_workers_per_gather=0";

/** The pg pools this process's clients opened and has not closed (for the metrics). */
const pools = new Set<Pool>();

/** Keeps the pool of each connection it makes in `pools` while it is open. */
class ObservedPgAdapterFactory extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const pool = adapter.underlyingDriver();
    pools.add(pool);
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = () => {
      pools.delete(pool);
      return dispose();
    };
    return adapter;
  }
}

/** This process's PostgreSQL pools for GET /metrics (in use, idle, waiting); null on SQLite. */
export function databasePoolStats(): { inUse: number; idle: number; waiting: number } | null {
  if (pools.size === 0) return null;
  let inUse = 0;
  let idle = 0;
  let waiting = 0;
  for (const pool of pools) {
    inUse += pool.totalCount - pool.idleCount;
    idle += pool.idleCount;
    waiting += pool.waitingCount;
  }
  return { inUse, idle, waiting };
}

/** The PostgreSQL adapter factory of a postgresql:// URL. */
export function createPgAdapterFactory(url: string): PrismaPg {
  const { config, schema } = pgSettings(url);
  config.options = [APP_PG_OPTIONS, config.options].filter(Boolean).join(" ");
  return new ObservedPgAdapterFactory(config, schema === undefined ? undefined : { schema });
}

/** The adapter factory of DATABASE_URL; the runtime client caches SQLite's statements, the migrations do not. */
export function createAdapterFactory(
  url = databaseUrl(),
  { cacheStatements: cache = false } = {},
): PrismaBetterSqlite3 | PrismaPg {
  if (databaseProvider(url) === "postgresql") return createPgAdapterFactory(url);
  return new SqliteAdapterFactory(sqliteFilePath(url), cache);
}

/** How long SQLite waits for another process's write lock (busy timeout, beginAsWriters). */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Creates a missing SQLite file readable by its owner only (its -wal and -shm take its mode). An
 * existing file is not even opened: closing a descriptor drops this process's SQLite locks on it.
 */
export function createDatabaseFile(file: string) {
  if (file === ":memory:") return;
  try {
    fs.closeSync(fs.openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** What the better-sqlite3 adapter uses of a statement (better-sqlite3 ships no types here). */
type Statement = {
  readonly reader: boolean;
  columns(): unknown[];
  raw(toggle?: boolean): Statement;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
};
type Database = { prepare(sql: string): Statement; exec(sql: string): unknown };

/**
 * One prepared statement, run again with new arguments: the adapter prepares and binds for every
 * query (about 5 % of a signed-in page's CPU); this passes the arguments at each run instead.
 */
class ReusableStatement {
  #columns: unknown[] | undefined;
  private readonly statement: Statement;
  constructor(statement: Statement) {
    this.statement = statement;
  }
  get reader() {
    return this.statement.reader;
  }
  columns() {
    return (this.#columns ??= this.statement.columns());
  }
  run() {
    return this.statement.run();
  }
  bind(args: unknown[]) {
    const { statement } = this;
    return {
      reader: statement.reader,
      columns: () => this.columns(),
      raw: () => ({ all: () => statement.raw(true).all(args) }),
      run: () => statement.run(args),
    };
  }
}

/**
 * Makes `db.prepare` return cached ReusableStatements (LRU past `max`): safe, as better-sqlite3 runs
 * each statement synchronously, and SQLite re-prepares one whose schema changed.
 */
export function cacheStatements(db: Database, max = 500) {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, ReusableStatement>();
  db.prepare = ((sql: string) => {
    let entry = cache.get(sql);
    if (entry) {
      cache.delete(sql);
    } else {
      entry = new ReusableStatement(prepare(sql));
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, entry);
    return entry;
  }) as unknown as Database["prepare"];
}

/**
 * Every SQLite transaction begins as a writer (docs/decisions/031-sqlite-write-transactions.md): a
 * deferred one that reads, then writes after another process wrote, fails at once (SQLITE_BUSY).
 * The adapter's own `BEGIN` does nothing; `BEGIN IMMEDIATE` follows with no busy wait, retried
 * after short pauses (the event loop serves meanwhile) for at most BUSY_TIMEOUT_MS.
 */
function beginAsWriters(adapter: SqlDriverAdapter, client: Database) {
  const prepare = client.prepare.bind(client);
  const nothing = { reader: false, run: () => ({ changes: 0 }) } as unknown as Statement;
  client.prepare = ((sql: string) => (sql === "BEGIN" ? nothing : prepare(sql))) as Database["prepare"];
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    const transaction = await start(isolationLevel);
    try {
      await beginImmediate(client);
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
    return transaction;
  };
}

async function beginImmediate(client: Database) {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, 16)) {
    client.exec("PRAGMA busy_timeout = 0");
    try {
      client.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if (!String((error as { code?: unknown }).code).startsWith("SQLITE_BUSY")) throw error;
      if (Date.now() >= deadline) throw new DriverAdapterError({ kind: "SocketTimeout" });
    } finally {
      client.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    await sleep(pause);
  }
}

/** The SQLite factory: a private file (createDatabaseFile), writers' transactions, cached statements. */
class SqliteAdapterFactory extends PrismaBetterSqlite3 {
  readonly #file: string;
  readonly #cache: boolean;
  constructor(file: string, cache: boolean) {
    super({ url: file, timeout: BUSY_TIMEOUT_MS });
    this.#file = file;
    this.#cache = cache;
  }
  override async connect() {
    createDatabaseFile(this.#file);
    const adapter = await super.connect();
    // The adapter keeps its better-sqlite3 Database as the public field `client` (7.x).
    const client = (adapter as unknown as { client?: Database }).client;
    if (!client || typeof client.prepare !== "function") {
      throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its client: review db-adapter.ts");
    }
    if (this.#cache) cacheStatements(client);
    beginAsWriters(adapter, client);
    return adapter;
  }
}
