import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

// The scale-out run (scripts/scale-test.sh): the product's key flows through an nginx balancer
// in front of two instances on PostgreSQL, with JavaScript off and on, and the cross-instance
// checks of e2e/scale/. The script starts every server; none is started here.
export default defineConfig({
  ...base,
  testDir: "e2e",
  testIgnore: [],
  testMatch: [
    "scale/*.spec.ts",
    "accounts.spec.ts",
    "user-courses.spec.ts",
    "quiz.spec.ts",
    "certificate.spec.ts",
    "library-upload.spec.ts",
    "stored-files.spec.ts",
    "course-authoring.spec.ts",
    "messages.spec.ts",
  ],
  outputDir: "test-results/scale",
  reporter: [["list"], ["json", { outputFile: process.env.SCALE_REPORT ?? ".tmp/results/playwright-scale.json" }]],
  webServer: undefined,
  use: { ...base.use, baseURL: process.env.SCALE_BASE_URL },
});
