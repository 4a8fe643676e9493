// The database scripts/e2e-server.ts serves for this port (`.tmp/e2e-<port>` or E2E_DIR_NAME), for
// the specs that write or read rows directly (class-db.ts, backup-db.ts, outbox-db.ts).
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- test fixture rows, as tests/ writes them
import { createPrismaClient } from "../app/lib/db.server.ts";

const dir = path.resolve(
  import.meta.dirname,
  "..",
  ".tmp",
  process.env.E2E_DIR_NAME ?? `e2e-${process.env.E2E_PORT ?? "3310"}`,
);

let client: ReturnType<typeof createPrismaClient> | undefined;

/** One client per test worker, made on first use. */
export function e2eDb() {
  client ??= createPrismaClient(`file:${path.join(dir, "e2e.db")}`);
  return client;
}
