import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { cacheStatements } from "~/lib/db-adapter.ts";

// The adapter's own calls, as @prisma/adapter-better-sqlite3 7.x makes them (performIO, executeIO,
// startTransaction): prepare(sql).bind(args), then reader / columns() / raw().all() / run().
function adapterQuery(db: Database.Database, sql: string, args: unknown[]) {
  const stmt = db.prepare(sql).bind(args) as unknown as {
    reader: boolean;
    columns(): Array<{ name: string }>;
    raw(): { all(): unknown[][] };
    run(): { changes: number };
  };
  if (!stmt.reader) return { changes: stmt.run().changes };
  return { columns: stmt.columns().map((c) => c.name), rows: stmt.raw().all() };
}

describe("cacheStatements", () => {
  test("the same SQL is compiled once and runs again with each call's own arguments", () => {
    const db = new Database(":memory:");
    const compiled: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (compiled.push(sql), prepare(sql))) as typeof db.prepare;
    cacheStatements(db);
    adapterQuery(db, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)", []);
    const insert = "INSERT INTO t (id, name) VALUES (?, ?)";
    expect(adapterQuery(db, insert, [1, "Ana"])).toEqual({ changes: 1 });
    expect(adapterQuery(db, insert, [2, "Luis"])).toEqual({ changes: 1 });
    const select = "SELECT id, name FROM t WHERE id = ?";
    expect(adapterQuery(db, select, [1])).toEqual({ columns: ["id", "name"], rows: [[1, "Ana"]] });
    expect(adapterQuery(db, select, [2])).toEqual({ columns: ["id", "name"], rows: [[2, "Luis"]] });
    expect(adapterQuery(db, select, [3])).toEqual({ columns: ["id", "name"], rows: [] });
    // BEGIN without arguments, as the adapter starts a transaction.
    (db.prepare("BEGIN") as unknown as { run(): unknown }).run();
    adapterQuery(db, insert, [3, "Rosa"]);
    adapterQuery(db, "ROLLBACK", []);
    expect(adapterQuery(db, select, [3])).toEqual({ columns: ["id", "name"], rows: [] });
    expect(compiled.filter((sql) => sql === insert)).toHaveLength(1);
    expect(compiled.filter((sql) => sql === select)).toHaveLength(1);
  });

  test("keeps at most `max` statements, dropping the least recently used", () => {
    const db = new Database(":memory:");
    const compiled: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (compiled.push(sql), prepare(sql))) as typeof db.prepare;
    cacheStatements(db, 2);
    adapterQuery(db, "SELECT 1", []);
    adapterQuery(db, "SELECT 2", []);
    adapterQuery(db, "SELECT 1", []); // used again: SELECT 2 is now the oldest
    adapterQuery(db, "SELECT 3", []); // drops SELECT 2
    adapterQuery(db, "SELECT 1", []);
    adapterQuery(db, "SELECT 2", []);
    expect(compiled).toEqual(["SELECT 1", "SELECT 2", "SELECT 3", "SELECT 2"]);
  });
});
