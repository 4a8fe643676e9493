// Serves the production build for the end-to-end suite: a fresh database and data directory
// under .tmp/e2e-<port> (or .tmp/$E2E_DIR_NAME), migrated and seeded with the demo data, on 127.0.0.1:E2E_PORT.
// E2E_KEEP_DB=1 serves the folder's existing database and files as they are (migrated, not wiped
// nor seeded again): `npm run bench:scale` enlarges the demo database between two runs.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// One folder per port: runs on different ports never wipe each other's database.
const dir = path.join(root, ".tmp", process.env.E2E_DIR_NAME ?? `e2e-${process.env.E2E_PORT ?? "3310"}`);
const keep = process.env.E2E_KEEP_DB === "1";
if (!keep) fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

// The e2e suite signs in with the demo accounts: never the production admin variables.
const { ADMIN_EMAIL: _e, ADMIN_PASSWORD: _p, ...inherited } = process.env;
const env = {
  ...inherited,
  NODE_ENV: "production",
  DATABASE_URL: `file:${path.join(dir, "e2e.db")}`,
  DATA_DIR: path.join(dir, "data"),
  PORT: process.env.E2E_PORT ?? "3310",
  // One process unless asked (bench:sign-in asks for one per core): the suite and the benches
  // that read the server's process (bench/upload-memory.ts) expect one.
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || "1",
  HOST: "127.0.0.1",
  // Every e2e request comes from 127.0.0.1: widen the per-IP budgets, keep per-account ones.
  RATE_LIMIT_IP_FACTOR: "100",
  SMTP_URL: "",
  // No scheduled backup (daily by default) unless asked: the suite and the benchmarks that serve
  // through this script measure the pages, not a backup running beside them.
  BACKUP_EVERY_H: process.env.BACKUP_EVERY_H ?? "0",
  // One JSON line per request would bury Playwright's report: warnings and errors only.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // GET /metrics on, so the access table sees it refuse every session (e2e/access.spec.ts).
  METRICS_TOKEN: "e2e-metrics-token-0123456789",
};

const node = process.execPath;
execFileSync(node, ["scripts/migrate.ts", "deploy"], { cwd: root, env, stdio: "inherit" });
if (!keep) execFileSync(node, ["prisma/seed.ts"], { cwd: root, env, stdio: "inherit" });

const server = spawn(node, ["server/index.ts"], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
