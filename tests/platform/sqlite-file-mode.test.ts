// The SQLite database and its side files are readable by their owner only (0600), as the backups
// are: the one factory every SQLite connection comes from (the app, the scripts) and the migrations'
// deploy create a missing database file 0600 (createDatabaseFile), and SQLite gives its -journal,
// -wal and -shm files the database file's mode. With the default umask (022) they used to be 0644, readable by everyone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdapterFactory } from "~/lib/db-adapter.ts";

let dir = "";
let umask = 0;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-file-mode-"));
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe("the SQLite files' mode", () => {
  it("a new database and its -journal, -wal and -shm files are 0600", async () => {
    const file = path.join(dir, "academia.db");
    const adapter = await createAdapterFactory(`file:${file}`).connect();
    try {
      // A rollback journal kept after the commit (PERSIST), then the WAL the migrations set.
      await adapter.executeScript("PRAGMA journal_mode = PERSIST; CREATE TABLE t (x); INSERT INTO t VALUES (1);");
      expect(modeOf(`${file}-journal`)).toBe("600");
      await adapter.executeScript("PRAGMA journal_mode = WAL; INSERT INTO t VALUES (2);");
      const files = ["", "-wal", "-shm"].map((end) => `${file}${end}`);
      expect(files.map(modeOf)).toEqual(["600", "600", "600"]);
    } finally {
      await adapter.dispose();
    }
  });

  it("an existing database keeps the mode its owner gave it", async () => {
    const file = path.join(dir, "existente.db");
    fs.writeFileSync(file, "", { mode: 0o640 });
    const adapter = await createAdapterFactory(`file:${file}`).connect();
    try {
      await adapter.executeScript("CREATE TABLE t (x);");
      expect(modeOf(file)).toBe("640");
    } finally {
      await adapter.dispose();
    }
  });
});
