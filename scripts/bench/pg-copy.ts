// bench:scale on PostgreSQL (BENCH_SCALE_DB=postgresql): the demo and large SQLite
// databases, once generated, are copied row for row into two PostgreSQL databases migrated from
// prisma/postgresql/migrations, so both engines are measured on the same data (the same ids).
// The copy runs with session_replication_role = replica (no triggers, no foreign-key checks):
// the counts the triggers keep (Tally, QuizPairTally) are copied as the SQLite triggers left
// them. Then VACUUM (ANALYZE), as autovacuum does after a load: its statistics, and the
// visibility map without which every index-only scan visits the table too (a freshly loaded
// table has none set: the catalog's word searches read 860 heap pages each, 2–3× their steady
// cost, and the planner chose parallel plans for 1 000 rows). BENCH_SCALE_PG_URL: a server to use
// (its user creates and drops the databases bench_scale_demo and bench_scale_grande); without
// it, a throwaway cluster under .tmp/bench-scale-pg (scripts/pg-cluster.sh), stopped at the end.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { deployMigrations } from "../../server/migrate/index.ts";

const root = path.resolve(import.meta.dirname, "../..");
const clusterDir = path.join(root, ".tmp", "bench-scale-pg");
const BATCH = 5000;

/** The server to copy into: BENCH_SCALE_PG_URL, or a throwaway cluster started here. */
export function startPostgres(): { url: string; stop: () => void } {
  const given = process.env.BENCH_SCALE_PG_URL;
  if (given) return { url: given, stop: () => {} };
  const url = execFileSync("bash", ["scripts/pg-cluster.sh", "start", clusterDir], { cwd: root, encoding: "utf8" })
    .trim()
    .split("\n")
    .at(-1)!;
  return {
    url,
    stop: () => execFileSync("bash", ["scripts/pg-cluster.sh", "stop", clusterDir], { cwd: root, stdio: "inherit" }),
  };
}

function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Copies one SQLite file into a fresh PostgreSQL database `name`; returns its URL and the time. */
export async function copyToPostgres(sqliteFile: string, base: string, name: string) {
  const started = performance.now();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(base, name);
  await deployMigrations(url);

  const lite = new DatabaseSync(sqliteFile, { readOnly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations' ORDER BY table_name`,
    );
    const tables = new Map<string, Map<string, string>>();
    for (const c of columns.rows) {
      if (!tables.has(c.table_name)) tables.set(c.table_name, new Map());
      tables.get(c.table_name)!.set(c.column_name, c.data_type);
    }
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(`TRUNCATE ${[...tables.keys()].map((t) => `"${t}"`).join(", ")}`);
    for (const [table, types] of tables) {
      const names = [...types.keys()];
      const convert = names.map((column) => {
        const type = types.get(column)!;
        if (type === "boolean") return (v: unknown) => (v === null ? null : Boolean(v));
        if (type === "jsonb" || type === "json") return (v: unknown) => (v === null ? null : JSON.parse(String(v)));
        if (type === "bigint" || type === "integer") return (v: unknown) => (v === null ? null : Number(v));
        return (v: unknown) => v;
      });
      const select = lite.prepare(`SELECT ${names.map((n) => `"${n}"`).join(", ")} FROM "${table}"`);
      select.setReturnArrays(true);
      const insert = `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(", ")})
        SELECT ${names.map((n) => `"${n}"`).join(", ")} FROM json_populate_recordset(NULL::"${table}", $1)`;
      let batch: Array<Record<string, unknown>> = [];
      const flush = async () => {
        if (batch.length) await client.query(insert, [JSON.stringify(batch)]);
        batch = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        const record: Record<string, unknown> = {};
        names.forEach((n, i) => (record[n] = convert[i]!(row[i])));
        batch.push(record);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
    await client.query("COMMIT");
    await client.query("VACUUM (ANALYZE)");
  } finally {
    await client.end();
    lite.close();
  }
  return { url, ms: Math.round(performance.now() - started) };
}
