// PostgreSQL connections for the schema engine (decision 004): the catalog's `"char"` type (OID 18,
// unknown to adapter-pg) reported as text; a shadow database of our own (adapter-pg's
// connectToShadowDb() would connect to the main one).
import crypto from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { pgSettings } from "../../app/lib/db-adapter.ts";
import { wrapAdapter } from "./adapter-fixes.ts";

/** PostgreSQL's internal single-byte `"char"` type (pg_class.relkind, pg_constraint.contype...). */
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type PgResultLike = { fields?: { dataTypeID: number }[] };
function charAsText<T>(result: T): T {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const f of (r as PgResultLike | undefined)?.fields ?? []) {
      if (f.dataTypeID === PG_CHAR_OID) f.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

/** Wraps a pg Pool/PoolClient `query` so results report `"char"` columns as text. */
function patchQuery(target: { query: (...args: never[]) => unknown }): void {
  const marker = Symbol.for("academia.charAsText");
  const t = target as unknown as Record<symbol, boolean> & { query: (...args: unknown[]) => unknown };
  if (t[marker]) return;
  t[marker] = true;
  const original = t.query.bind(target) as (...args: unknown[]) => unknown;
  t.query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      const cb = last as (err: unknown, res: unknown) => void;
      return original(...args.slice(0, -1), (err: unknown, res: unknown) => cb(err, err ? res : charAsText(res)));
    }
    const out = original(...args);
    return out && typeof (out as Promise<unknown>).then === "function"
      ? (out as Promise<unknown>).then(charAsText)
      : out;
  };
}

/**
 * A pg Pool for the schema engine. @prisma/adapter-pg has no column type for `"char"`
 * (OID 18), which the engine's catalog queries return: the pool reports it as text (OID 25);
 * the values are already plain strings.
 */
function enginePool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, max: 4 });
  patchQuery(pool as unknown as { query: (...args: never[]) => unknown });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    if (typeof args[0] === "function") {
      const cb = args[0] as (err: unknown, client: unknown, done: unknown) => void;
      return connect((err: unknown, client: unknown, done: unknown) => {
        if (client) patchQuery(client as { query: (...args: never[]) => unknown });
        cb(err, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      patchQuery(client as unknown as { query: (...args: never[]) => unknown });
      return client;
    });
  };
  return pool;
}

/** An adapter-pg connection on an engine pool (`"char"` as text). */
async function pgConnect(config: pg.PoolConfig, schema: string | undefined): Promise<SqlDriverAdapter> {
  const factory = new PrismaPg(enginePool(config), {
    ...(schema === undefined ? {} : { schema }),
    disposeExternalPool: true,
  });
  return factory.connect();
}

/** Runs `sql` on a one-off pg connection to the URL's database (not through the engine). */
async function pgAdmin(config: pg.PoolConfig, sql: string): Promise<void> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The engine's factory for PostgreSQL. The shadow database is ours: @prisma/adapter-pg's own
 * connectToShadowDb() connects to the *main* database when given a connection string, and
 * drops the shadow database before closing its pool. Here a `prisma_migrate_shadow_db_<uuid>`
 * database is created, connected to, and dropped after its pool has closed.
 */
export function pgMigrationFactory(url: string, open: Set<SqlDriverAdapter>): SqlMigrationAwareDriverAdapterFactory {
  const { config, schema } = pgSettings(url);
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => wrapAdapter(await pgConnect(config, schema), open),
    connectToShadowDb: async () => {
      const name = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
      await pgAdmin(config, `CREATE DATABASE "${name}"`);
      const shadowUrl = new URL(config.connectionString!);
      shadowUrl.pathname = `/${name}`;
      const shadowConfig: pg.PoolConfig = { ...config, connectionString: shadowUrl.toString() };
      let adapter: SqlDriverAdapter;
      try {
        if (schema !== undefined) await pgAdmin(shadowConfig, `CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        adapter = await pgConnect(shadowConfig, schema);
      } catch (err) {
        await pgAdmin(config, `DROP DATABASE IF EXISTS "${name}"`).catch(() => {});
        throw err;
      }
      return wrapAdapter(adapter, open, () =>
        pgAdmin(config, `DROP DATABASE IF EXISTS "${name}"`).catch((err: unknown) => {
          console.error(`Could not drop the shadow database ${name}: ${(err as Error).message}`);
        }),
      );
    },
  };
}
