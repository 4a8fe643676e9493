// The one place that turns DATABASE_URL into a Prisma driver adapter factory.
// Used by the runtime client (app/lib/db.server.ts) and by scripts/migrate.ts, so both
// resolve relative `file:` URLs the same way (against the working directory).
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";

export const DEFAULT_DATABASE_URL = "file:./data/academia.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
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

export function createAdapterFactory(url = databaseUrl()) {
  return new PrismaBetterSqlite3({ url: sqliteFilePath(url), timeout: 5000 });
}
