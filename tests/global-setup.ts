// Runs once per `vitest run`: migrates a template SQLite database that every test file
// copies (tests/setup.ts), so each file has its own real database made from the migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deployMigrations } from "../server/migrate/index.ts";

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-test-"));
  const template = path.join(dir, "template.db");
  await deployMigrations(`file:${template}`);
  process.env.ACADEMIA_TEST_DIR = dir;
  process.env.ACADEMIA_TEST_TEMPLATE = template;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
