import { defineConfig } from "vitest/config";
import { splitTestFiles } from "./scripts/db-test-files.ts";

// Two projects (issue 25 §6), both run by `npm run test:unit` on SQLite:
// - "db": the test files that touch the database, read from their imports
//   (scripts/db-test-files.ts). `npm run test:pg` runs this project again on PostgreSQL.
// - "pure": every other test file; it runs once, with no database at all (tests/setup.ts), so a
//   file that does touch the database without being read as such fails here.
const { db, pure } = splitTestFiles();
const shared = {
  globalSetup: ["tests/global-setup.ts"],
  setupFiles: ["tests/setup.ts"],
  pool: "forks" as const,
  testTimeout: 20_000,
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: ["default", "json"],
    outputFile: { json: ".tmp/results/vitest.json" },
    projects: [
      { extends: true, test: { ...shared, name: "db", include: db } },
      { extends: true, test: { ...shared, name: "pure", include: pure, env: { ACADEMIA_TEST_NO_DATABASE: "1" } } },
    ],
  },
});
