import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// One axe-core set-up for every end-to-end accessibility check: WCAG 2.0, 2.1 A and AA rules and
// 2.2 AA (target-size among them).
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
// axe-core's minified build (AxeBuilder injects the 1.5 MB readable one by default): the same
// rules, about a fifth less browser CPU per page checked.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page as it is now, one line each (rule, impact, elements). Legacy mode:
 * one axe.run in the page and its same-origin frames, instead of a run per frame finished in a
 * new blank page with axe injected again (more than twice the time per page). A cross-origin
 * frame (the contact page's map) is not the product's markup; its <iframe> is still checked.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page, axeSource }).withTags(WCAG).setLegacyMode().analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Runs axe on `path` as the signed-in user of `page`, in a second page of its context (the test's
 * page stays where it is), and expects no violation. Only with JavaScript: axe is the con-js
 * project's (playwright.config.ts), the server-rendered markup being the same; the JavaScript-off
 * run of a test checks what the server answers, so there it returns at once.
 */
export async function expectNoAxeViolations(page: Page, path: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const checked = await page.context().newPage();
  try {
    const response = await checked.goto(path);
    expect(response?.status()).toBe(200);
    expect(await axeViolations(checked), `axe: ${path}`).toEqual([]);
  } finally {
    await checked.close();
  }
}
