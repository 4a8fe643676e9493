import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";

// One axe-core set-up for every end-to-end accessibility check: WCAG 2.0, 2.1 A and AA rules and
// 2.2 AA (target-size among them).
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's violations on the page as it is now, one line each (rule, impact, elements). Legacy mode:
 * one axe.run in the page and its same-origin frames, instead of a run per frame finished in a
 * new blank page with axe injected again (more than twice the time per page). A cross-origin
 * frame (the contact page's map) is not the product's markup; its <iframe> is still checked.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode().analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Runs axe on `path` as the signed-in user of `page`, and expects no violation. axe needs
 * JavaScript in the page: a second context with the same cookies runs it. In the JavaScript-off
 * project the app's own scripts are blocked, so what is checked is the server-rendered page that
 * project sees.
 */
export async function expectNoAxeViolations(page: Page, browser: Browser, path: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    // A context made in a test takes the project's options: JavaScript is turned on explicitly.
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    if (!javaScriptEnabled) await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    const checked = await context.newPage();
    const response = await checked.goto(path);
    expect(response?.status()).toBe(200);
    expect(await axeViolations(checked), `axe: ${path}`).toEqual([]);
  } finally {
    await context.close();
  }
}
