import os from "node:os";
import { defineConfig } from "vitest/config";
import { splitTestFiles } from "./scripts/db-test-files.ts";
import { serviceWorker } from "./vite.service-worker.ts";

// Two projects, both run by `npm run test:unit` on SQLite:
// - "db": the test files that touch the database, read from their imports
//   (scripts/db-test-files.ts). `npm run test:pg` (TEST_DATABASE=postgresql) runs it again on
//   PostgreSQL with only the files marked `// @postgresql: <reason>`.
// - "pure": every other test file; it runs once, with no database at all (tests/setup.ts), so a
//   file that does touch the database without being read as such fails here. Its files share
//   their worker's modules (isolate: false; no fresh process and imports per file: more than half of its
//   CPU): each one leaves no state behind (a global it replaces is put back), in any order
//   (`npx vitest run --project pure --sequence.shuffle`). A "db" file gets its own process, since
//   app/lib/db.server.ts connects once to the database tests/setup.ts gives that file.
// The global setup (the migrated template database) is the root's: it runs once per run, not
// once per project (two migrations at once would share Prisma's schema engine).
const { db, pure, postgres } = splitTestFiles();
const project = (name: string, include: string[], env: Record<string, string> = {}, isolate = true) => ({
  // /sw.js serves the compiled service worker (vite.service-worker.ts).
  plugins: [serviceWorker()],
  resolve: { tsconfigPaths: true },
  test: { name, include, env, isolate, setupFiles: ["tests/setup.ts"], pool: "forks" as const, testTimeout: 20_000 },
});

export default defineConfig({
  test: {
    // Two files at once even on 2 cores (Vitest's default, cores - 1, is one): a file waiting on
    // a child process, the disk or a timer leaves the other core to the next file.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ["tests/global-setup.ts"],
    reporters: ["default", "json"],
    outputFile: { json: ".tmp/results/vitest.json" },
    projects: [
      project("db", process.env.TEST_DATABASE === "postgresql" ? postgres : db),
      project("pure", pure, { ACADEMIA_TEST_NO_DATABASE: "1" }, false),
    ],
  },
});
