import fs from "node:fs";
import path from "node:path";
import { PrismaClient } from "~/generated/prisma/client.ts";
import { createAdapterFactory, databaseUrl, sqliteFilePath } from "./db-adapter.ts";

function createClient() {
  const url = databaseUrl();
  const file = sqliteFilePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const client = new PrismaClient({ adapter: createAdapterFactory(url) });
  // WAL is set once by the migration script (it persists in the file); synchronous=NORMAL is
  // per connection: durable across process crashes and ~5x faster for writes.
  void client.$executeRawUnsafe("PRAGMA synchronous = NORMAL").catch(() => {});
  void client.$executeRawUnsafe("PRAGMA foreign_keys = ON").catch(() => {});
  return client;
}

const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient };

/** The Prisma client. Only feature *.server.ts modules import it. */
export const prisma: PrismaClient = globalForPrisma.__prisma ?? createClient();
if (process.env.NODE_ENV !== "production") globalForPrisma.__prisma = prisma;

export type { PrismaClient };

/** For the health check: the database answers a trivial query. */
export async function databaseIsUp(): Promise<boolean> {
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}
