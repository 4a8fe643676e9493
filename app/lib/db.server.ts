import fs from "node:fs";
import path from "node:path";
// Relative imports (not "~/"): plain Node scripts (seeders, tools) can import this module too.
import { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { PrismaClient as PgPrismaClient } from "../generated/prisma-pg/client.ts";
import {
  createAdapterFactory,
  createPgAdapterFactory,
  databaseProvider,
  databaseUrl,
  sqliteFilePath,
} from "./db-adapter.ts";
import { log } from "./log.server.ts";

/**
 * A Prisma client for DATABASE_URL's provider (docs/decisions/004-postgresql.md):
 * `file:` → SQLite (the client generated from prisma/schema.prisma, better-sqlite3);
 * `postgres(ql)://` → PostgreSQL (the client generated from prisma/postgresql/schema.prisma,
 * @prisma/adapter-pg).
 */
export function createPrismaClient(url = databaseUrl()): PrismaClient {
  if (databaseProvider(url) === "postgresql") {
    // The one cast between the two generated clients. prisma/postgresql/schema.prisma is derived
    // mechanically from prisma/schema.prisma (scripts/pg-schema.ts: only the datasource provider
    // and the generator output differ, no native types, enums or scalar lists), so both clients
    // have the same models, fields, inputs and results; only their internal provider tag
    // differs. The app is typed against the SQLite client (the default and source of truth).
    return new PgPrismaClient({ adapter: createPgAdapterFactory(url) }) as unknown as PrismaClient;
  }
  const file = sqliteFilePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const client = new PrismaClient({ adapter: createAdapterFactory(url, { cacheStatements: true }) });
  // WAL is set once by the migration script (it persists in the file); synchronous=NORMAL is
  // per connection: durable across process crashes and ~5x faster for writes.
  void client.$executeRawUnsafe("PRAGMA synchronous = NORMAL").catch(() => {});
  // Foreign keys are what cascade and refuse deletions: never run without them. A failure here
  // is not swallowed: it is logged and ends the process at start.
  void enableForeignKeys(client).catch((error: unknown) => {
    log.fatal({ err: error }, "[db] PRAGMA foreign_keys = ON failed: refusing to run without foreign keys");
    process.exit(1);
  });
  return client;
}

/** Turns SQLite's foreign keys on and checks they are (the pragma is silently ignored in a transaction). */
export async function enableForeignKeys(client: Pick<PrismaClient, "$executeRawUnsafe" | "$queryRawUnsafe">) {
  await client.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  const [row] = await client.$queryRawUnsafe<{ foreign_keys: number | bigint }[]>("PRAGMA foreign_keys");
  if (Number(row?.foreign_keys) !== 1) throw new Error("PRAGMA foreign_keys is still off");
}

const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient };

/** The Prisma client. Only feature *.server.ts modules import it. */
export const prisma: PrismaClient = globalForPrisma.__prisma ?? createPrismaClient();
if (process.env.NODE_ENV !== "production") globalForPrisma.__prisma = prisma;

export type { PrismaClient };

/** A write refused by a unique index (Prisma's P2002), on either engine. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Several counts in one statement, each a `SELECT COUNT(*) …` fragment from the feature that owns
 * its table (the header's unread counts: one statement on every page, not one per count).
 */
export async function countsOf<K extends string>(fragments: Record<K, Prisma.Sql>): Promise<Record<K, number>> {
  const names = Object.keys(fragments) as K[];
  const columns = Prisma.join(names.map((name) => Prisma.sql`(${fragments[name]}) AS ${Prisma.raw(`"${name}"`)}`));
  const [row] = await prisma.$queryRaw<Array<Record<K, bigint | number>>>`SELECT ${columns}`;
  return Object.fromEntries(names.map((name) => [name, Number(row![name])])) as Record<K, number>;
}
