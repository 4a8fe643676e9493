// How a SQLite transaction begins (app/lib/db-adapter.ts, beginAsWriters): as a writer, waiting
// for another connection's write lock without blocking the event loop, and, if the lock never
// comes, failing as the adapter fails on a busy database while the connection stays usable (the
// adapter's own lock, which its failed `BEGIN` would never have released, is let go).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdapterFactory } from "~/lib/db-adapter.ts";

let dir = "";
let adapter: SqlDriverAdapter;
/** Another process's connection to the same file (no busy wait: a locked database throws at once). */
let other: Database.Database;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-writers-"));
  const file = path.join(dir, "academia.db");
  adapter = await createAdapterFactory(`file:${file}`).connect();
  await adapter.executeScript("PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER);");
  other = new Database(file, { timeout: 0 });
});
afterEach(async () => {
  other.close();
  await adapter.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sql = (text: string) => ({ sql: text, args: [], argTypes: [] });
const rows = async (on: SqlDriverAdapter) => (await on.queryRaw(sql("SELECT x FROM t ORDER BY x"))).rows;

describe("SQLite transactions begin as writers", () => {
  it("a transaction holds the write lock from its start: another connection cannot write until it ends", async () => {
    const tx = await adapter.startTransaction();
    expect(() => other.prepare("INSERT INTO t VALUES (1)").run()).toThrow(/locked|busy/i);
    await tx.executeRaw(sql("INSERT INTO t VALUES (2)"));
    await tx.executeRaw(sql("COMMIT"));
    await tx.commit();
    other.prepare("INSERT INTO t VALUES (3)").run();
    expect(await rows(adapter)).toEqual([[2], [3]]);
  });

  it("waits for another connection's write and then reads what it wrote; the event loop serves meanwhile", async () => {
    // A deferred transaction that had read before this write could not have written after it.
    other.exec("BEGIN IMMEDIATE; INSERT INTO t VALUES (1);");
    let started = false;
    const starting = adapter.startTransaction().then((tx) => ((started = true), tx));
    // Other work goes on while the transaction waits: a timer fires, a read outside it answers.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
    expect(await rows(adapter)).toEqual([]);
    other.exec("COMMIT");
    const tx = await starting;
    const [[count]] = (await tx.queryRaw(sql("SELECT count(*) FROM t"))).rows as [[bigint | number]];
    await tx.executeRaw(sql(`INSERT INTO t VALUES (${Number(count) + 1})`));
    await tx.executeRaw(sql("COMMIT"));
    await tx.commit();
    expect(await rows(adapter)).toEqual([[1], [2]]);
  });

  it("a lock that never comes fails the start as a busy database, and the next transaction begins", async () => {
    other.exec("BEGIN IMMEDIATE");
    const failed = await adapter.startTransaction().catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: "DriverAdapterError", cause: { kind: "SocketTimeout" } });
    other.exec("ROLLBACK");
    const tx = await adapter.startTransaction();
    await tx.executeRaw(sql("INSERT INTO t VALUES (1)"));
    await tx.executeRaw(sql("COMMIT"));
    await tx.commit();
    expect(await rows(adapter)).toEqual([[1]]);
  });
});
