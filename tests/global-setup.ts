// Runs once per `vitest run`: migrates a template database that every test file copies
// (tests/setup.ts), so each file has its own real database made from the migrations.
// - SQLite (default): a template file, copied per file.
// - PostgreSQL (TEST_DATABASE=postgresql with TEST_POSTGRES_URL, see scripts/pg-test.sh): a
//   template database; each file gets `CREATE DATABASE … TEMPLATE …`, and all are dropped at the end.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { deployMigrations } from "../server/migrate/index.ts";

export const PG_TEST_PREFIX = "academia_t_";

export function pgDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-test-"));
  process.env.ACADEMIA_TEST_DIR = dir;
  const pgBase = process.env.TEST_DATABASE === "postgresql" ? process.env.TEST_POSTGRES_URL : undefined;
  if (process.env.TEST_DATABASE === "postgresql" && !pgBase) {
    throw new Error("TEST_DATABASE=postgresql needs TEST_POSTGRES_URL (run: bash scripts/pg-test.sh)");
  }
  if (!pgBase) {
    const template = path.join(dir, "template.db");
    await deployMigrations(`file:${template}`);
    process.env.ACADEMIA_TEST_TEMPLATE = template;
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const run = crypto.randomBytes(4).toString("hex");
  const template = `${PG_TEST_PREFIX}${run}_template`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${template}"`);
  } finally {
    await admin.end();
  }
  await deployMigrations(pgDatabaseUrl(pgBase, template));
  process.env.ACADEMIA_TEST_PG_TEMPLATE = template;
  process.env.ACADEMIA_TEST_PG_RUN = run;
  return async () => {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`${PG_TEST_PREFIX}${run}_%`],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
