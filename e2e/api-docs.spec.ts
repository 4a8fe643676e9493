// Issue 15: the API reference at /api/docs is a page to read on a phone, with no JavaScript at
// all (its CSP allows none), and the OpenAPI document it is made from is served beside it.
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";

test("la referencia de la API se lee en un teléfono, sin JavaScript", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(page.getByRole("heading", { level: 1, name: "API de la academia" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "POST /api/auth/login" })).toBeVisible();
  // The index links to each call, and the call's section is there.
  await page.getByRole("link", { name: "GET /api/cursos/lista" }).click();
  await expect(page).toHaveURL(/#getCursosLista$/);
  expect(scripts).toEqual([]);
  expect(await page.locator("script").count()).toBe(0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  // axe runs its own script in the page, which the page's CSP would refuse: check a copy of it.
  const html = await page.content();
  const copy = await page.context().newPage();
  await copy.setContent(html);
  expect(await axeViolations(copy)).toEqual([]);
  await copy.close();

  const openapi = await request.get("/api/openapi.json");
  expect(openapi.status()).toBe(200);
  const doc = await openapi.json();
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(doc.paths)).toContain("/api/docs");
});
