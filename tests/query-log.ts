// Catches the SQL the app sends, for tests that count or explain it (tests/platform/query-plans.test.ts,
// tests/courses/enrolled-continue-queries.test.ts, tests/certificates/certificates-api-paging.test.ts). On SQLite the
// app's client becomes a logging one (lib/db.server.ts reuses globalThis.__prisma outside
// production): import this module first and load app modules after it, with `await import`.
// On PostgreSQL nothing is caught and `sqlite` is false.
import { PrismaClient } from "~/generated/prisma/client.ts";
import { createAdapterFactory, databaseProvider, databaseUrl } from "~/lib/db-adapter.ts";

export const sqlite = databaseProvider(databaseUrl()) === "sqlite";
export const statements: Array<{ query: string; params: unknown[] }> = [];
export const logged = sqlite
  ? new PrismaClient({ adapter: createAdapterFactory(databaseUrl()), log: [{ emit: "event", level: "query" }] })
  : null;
logged?.$on("query", (e) => statements.push({ query: e.query, params: JSON.parse(e.params) as unknown[] }));
if (logged) (globalThis as { __prisma?: unknown }).__prisma = logged;

/** The SQLite plans of every SELECT `run` sends, as EXPLAIN QUERY PLAN's "detail" lines. */
export async function plansOf(run: () => Promise<unknown>) {
  statements.length = 0;
  await run();
  const selects = statements.filter((s) => /^\s*SELECT/i.test(s.query));
  const plans = [];
  for (const { query, params } of selects) {
    const rows = await logged!.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query}`, ...params);
    plans.push({ query, plan: rows.map((r) => r.detail) });
  }
  return plans;
}
