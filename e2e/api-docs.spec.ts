// The API reference at /api/docs is a page to read on a phone, with no JavaScript at
// all (its CSP allows none), and the OpenAPI document it is made from is served beside it.
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";

test("la referencia de la API se lee en un teléfono, sin JavaScript @sin-js", async ({ page, request, browser }) => {
  // The page has no script at all (checked below; its CSP allows none): with JavaScript on it is
  // the same page, so one project reads it.
  // axe reads a long page (every call and schema): more than the default 30 s on a busy machine.
  test.slow();
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
  // Each answer shows its example: the error texts the code sends, the 405 every call shares.
  await expect(page.locator("#postAuthLogin")).toContainText('{"error":"Correo o contraseña incorrectos."}');
  await expect(page.locator("#postAuthLogin")).toContainText('{"error":"Método no permitido."}');
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
  // axe runs its own script in the page, which the page's CSP refuses: a context that bypasses it.
  const context = await browser.newContext({ javaScriptEnabled: true, bypassCSP: true });
  try {
    const checked = await context.newPage();
    await checked.goto("/api/docs");
    expect(await axeViolations(checked)).toEqual([]);
  } finally {
    await context.close();
  }

  const openapi = await request.get("/api/openapi.json");
  expect(openapi.status()).toBe(200);
  const doc = await openapi.json();
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(doc.paths)).toContain("/api/docs");
  // A generated client gets its base URL from servers (APP_URL, not this request's Host).
  expect(doc.servers).toHaveLength(1);
  expect(doc.servers[0].url).toMatch(/^https?:\/\//);
});
