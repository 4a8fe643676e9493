import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Browser, type Page } from "@playwright/test";

// axe-core as it ships (the copy lighthouse brings along), injected into the page under test.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; help: string; nodes: Array<{ target: unknown[] }> };

/**
 * Runs axe-core (WCAG 2.1 A and AA) on `path` as the signed-in user of `page`, and expects no
 * violation. axe needs JavaScript in the page: a second context with the same cookies runs it,
 * with the CSP bypassed for the injected script. In the JavaScript-off project the app's own
 * scripts are blocked, so what is checked is the server-rendered page that project sees.
 */
export async function expectNoAxeViolations(page: Page, browser: Browser, path: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    // A context made in a test takes the project's options: JavaScript is turned on explicitly.
    javaScriptEnabled: true,
    bypassCSP: true,
    storageState: await page.context().storageState(),
  });
  try {
    if (!javaScriptEnabled) await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    const checked = await context.newPage();
    const response = await checked.goto(path);
    expect(response?.status()).toBe(200);
    await checked.addScriptTag({ content: axeSource });
    const violations = await checked.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
      return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target) }));
    });
    expect(violations, `axe: ${path}`).toEqual([]);
  } finally {
    await context.close();
  }
}
