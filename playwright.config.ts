import { defineConfig } from "@playwright/test";
import { headlessShell } from "./e2e/chromium.ts";

// End-to-end tests against the production build, served by scripts/e2e-server.ts on its own
// port with a fresh database and data directory. A test runs with JavaScript off (sin-js) and on
// (con-js) when JavaScript changes what it checks (enhanced forms, fetchers, client navigation,
// progress, dialogs, offline) and for the key flows (login, registration, contact, quiz, compose,
// upload, course editor, admin actions). Otherwise it runs once, tagged with its one project:
// `@sin-js` for what the server answers (access, redirects, headers, files, robustness),
// `@con-js` for layout and axe (the page as most people see it) and what needs JavaScript.
const PORT = Number(process.env.E2E_PORT ?? 3310);

export default defineConfig({
  testDir: "e2e",
  // The scale-out checks need the servers scripts/scale-test.sh starts (playwright.scale.config.ts).
  testIgnore: ["scale/**"],
  // One output folder per port, so that runs on different ports never share artifacts.
  outputDir: `test-results/port-${PORT}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: ".tmp/results/playwright.json" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-CL",
    timezoneId: "America/Santiago",
    // Debian's chromium-headless-shell (e2e/chromium.ts).
    launchOptions: headlessShell,
    // A trace (a DOM snapshot at every action) costs about a third of a test's CPU, failed or not:
    // off by default; `--trace retain-on-failure` records them when a failure needs one. A failed
    // test keeps its screenshot and its page's ARIA snapshot either way.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sin-js", grepInvert: /@con-js/, use: { javaScriptEnabled: false } },
    { name: "con-js", grepInvert: /@sin-js/, use: { javaScriptEnabled: true } },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
