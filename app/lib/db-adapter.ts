// The one place that turns DATABASE_URL into a Prisma driver adapter factory.
// Used by the runtime client (app/lib/db.server.ts) and by the migrations (server/migrate/), so both
// resolve relative `file:` URLs the same way (against the working directory) and pick the
// same provider from the URL's scheme:
//   file:...                               SQLite (better-sqlite3), the default
//   postgres://... or postgresql://...     PostgreSQL (pg), see docs/decisions/004-postgresql.md
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { PoolConfig } from "pg";

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

/**
 * pg settings of a postgresql:// URL. Prisma's `?schema=NAME` parameter is honoured (it is not
 * a libpq parameter): it is removed from the connection string, the connection's search_path
 * is set to it (so unqualified migration SQL lands there) and the adapter qualifies queries.
 */
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

/** The PostgreSQL adapter factory of a postgresql:// URL. */
export function createPgAdapterFactory(url: string): PrismaPg {
  const { config, schema } = pgSettings(url);
  return new PrismaPg(config, schema === undefined ? undefined : { schema });
}

export function createAdapterFactory(url = databaseUrl()): PrismaBetterSqlite3 | PrismaPg {
  if (databaseProvider(url) === "postgresql") return createPgAdapterFactory(url);
  return new PrismaBetterSqlite3({ url: sqliteFilePath(url), timeout: 5000 });
}
