// `npm run bench:timings` (and the end of `npm run bench`): the speed goals of code paths, measured
// in process on the same real test database the tests use (tests/global-setup.ts, tests/setup.ts),
// one file at a time. The tests prove these paths right and bounded by structure (counted work, a
// fake clock); how long they take on this machine is measured here, where a loaded machine makes a
// slow report, not a red test suite.
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../../..");

export default defineConfig({
  root,
  resolve: { tsconfigPaths: true },
  test: {
    include: ["scripts/bench/timings/*.timing.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 300_000,
    reporters: ["default"],
  },
});
