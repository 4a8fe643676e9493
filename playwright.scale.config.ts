import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

// The scale-out run (scripts/scale-test.sh): e2e/scale/ only, against an nginx balancer in front
// of two instances on PostgreSQL, one S3 bucket and a recording SMTP server, with JavaScript off and
// on: a smoke path through the balancer (smoke.spec.ts) and the cross-instance checks. The
// product's flows are proven once, by `npm run test:e2e`. The script starts every
// server; none is started here.
export default defineConfig({
  ...base,
  testDir: "e2e",
  testIgnore: [],
  testMatch: ["scale/*.spec.ts"],
  outputDir: "test-results/scale",
  reporter: [["list"], ["json", { outputFile: process.env.SCALE_REPORT ?? ".tmp/results/playwright-scale.json" }]],
  webServer: undefined,
  use: { ...base.use, baseURL: process.env.SCALE_BASE_URL },
});
