// Runs before each test file, in its worker, before the file imports app code: gives the file
// its own copy of the migrated database and its own data directory.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type * as Argon2 from "@node-rs/argon2";
import pg from "pg";
import { afterEach, beforeEach, vi } from "vitest";
import { setLogSink } from "../app/lib/log.server.ts";
import { pgDatabaseUrl, PG_TEST_PREFIX } from "./global-setup.ts";

const dir = process.env.ACADEMIA_TEST_DIR;
const template = process.env.ACADEMIA_TEST_TEMPLATE;
const pgTemplate = process.env.ACADEMIA_TEST_PG_TEMPLATE;
if (dir && process.env.ACADEMIA_TEST_NO_DATABASE === "1") {
  // Vitest project "pure" (vitest.config.ts): a file whose imports never reach the database
  // (scripts/db-test-files.ts) gets none. An address no client accepts: a file that does reach
  // it fails here, instead of running on SQLite only and skipping the PostgreSQL run.
  process.env.DATABASE_URL = "no-database:this test file is not in the Vitest project 'db'";
  process.env.DATA_DIR = path.join(dir, `${crypto.randomUUID()}-data`);
} else if (dir && pgTemplate) {
  // PostgreSQL: a database of this file's own, copied from the migrated template.
  const id = crypto.randomUUID();
  const name = `${PG_TEST_PREFIX}${process.env.ACADEMIA_TEST_PG_RUN}_${id.replace(/-/g, "")}`;
  const base = process.env.TEST_POSTGRES_URL!;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate}"`);
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = pgDatabaseUrl(base, name);
  process.env.DATA_DIR = path.join(dir, `${id}-data`);
} else if (dir && template) {
  const id = crypto.randomUUID();
  const db = path.join(dir, `${id}.db`);
  fs.copyFileSync(template, db);
  for (const suffix of ["-wal", "-shm"]) {
    if (fs.existsSync(template + suffix)) fs.copyFileSync(template + suffix, db + suffix);
  }
  process.env.DATABASE_URL = `file:${db}`;
  process.env.DATA_DIR = path.join(dir, `${id}-data`);
}
// Passwords are hashed at argon2id's lowest cost here: the suite signs in thousands of times, and at
// the production cost (app/lib/password.server.ts) that was a large share of its CPU. Hashes carry
// their parameters, so checks work alike; tests/accounts/accounts.test.ts unmocks it and proves the real cost.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: (password: string, options?: Argon2.Options) =>
      argon2.hash(password, { ...options, memoryCost: 8, timeCost: 1 }),
  };
});

process.env.NODE_ENV = "test";
process.env.SESSION_SECRET ??= "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
process.env.APP_URL ??= "http://localhost:3000";

// The server's log lines (app/lib/log.server.ts) are kept here, parsed, instead of going to standard
// output: a test reads them with logLines(). A test fails on any line at level error or above, or
// any console.error, that it did not expect (call `expectErrorLog()` first).
export type LogLine = { level: string; msg: string; err?: { message?: string }; [field: string]: unknown };
const lines: LogLine[] = [];
setLogSink({ write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }, "debug");

/** The log lines written since this test began. */
export function logLines(): readonly LogLine[] {
  return lines;
}

/** The lines at level error or above written since this test began. */
export function loggedErrors(): LogLine[] {
  return lines.filter((line) => line.level === "error" || line.level === "fatal");
}

let allowed = 0;
let spy: ReturnType<typeof vi.spyOn> | undefined;
export function expectErrorLog(times = 1) {
  allowed += times;
}
beforeEach(() => {
  allowed = 0;
  lines.length = 0;
  spy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  const errors = [
    ...loggedErrors().map((line) => `${line.msg}${line.err?.message ? `: ${line.err.message}` : ""}`),
    ...calls.map((c: unknown[]) => c.map(String).join(" ")),
  ];
  if (errors.length > allowed) throw new Error(`error inesperado en el registro: ${errors.join("\n")}`);
});
