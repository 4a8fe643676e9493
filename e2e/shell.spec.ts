import { expect, test } from "@playwright/test";

test("inicio: hero, audiencias, testimonios y cursos destacados @sin-js", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Inicio | Academia Abierta");
  await expect(page.getByRole("link", { name: "Explorar cursos" })).toHaveAttribute("href", "/cursos");
  for (const audience of ["Docente", "Estudiante", "Comunidad"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${audience}`) }).first()).toHaveAttribute(
      "href",
      "/login",
    );
  }
  await expect(page.getByRole("heading", { name: "Cursos destacados" })).toBeVisible();
  const featured = page
    .locator("section", { has: page.getByRole("heading", { name: "Cursos destacados" }) })
    .getByRole("article");
  // A few on the home page (phones first); 'Ver destacados' lists all of them.
  await expect(featured).toHaveCount(4);
  await expect(page.locator("figure")).toHaveCount(3);
  await page.getByRole("link", { name: "Ver destacados" }).click();
  await expect(page).toHaveURL(/\/cursos\?destacados=true$/);
  await expect(page.getByText("Los 10 cursos con más participantes")).toBeVisible();
  await expect(page).toHaveTitle("Cursos | Academia Abierta");
});

test("cabecera y pie de página @sin-js", async ({ page }) => {
  await page.goto("/contacto");
  await expect(page).toHaveTitle("Contacto | Academia Abierta");
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Inicio" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Biblioteca" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Registrarse" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión" }).first()).toBeVisible();

  // The audiences open by tap/click on the ▾ beside 'Cursos' (a <details>) without JavaScript too.
  await nav.locator("summary", { hasText: "Cursos por público" }).click();
  await nav.getByRole("link", { name: "Para Estudiantes" }).click();
  await expect(page).toHaveURL(/\/cursos\/estudiante$/);

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Enlaces Rápidos" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Todos los cursos" })).toHaveAttribute("href", "/cursos");
  await expect(footer).toContainText("Osorno");
  for (const name of ["Facebook", "LinkedIn"]) {
    const link = footer.getByRole("link", { name });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
});

test("'Cursos' lleva a /cursos; sus públicos se abren al pasar el mouse @con-js", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Para Docentes" })).toBeHidden();
  await nav.getByRole("link", { name: "Cursos", exact: true }).hover();
  await expect(nav.getByRole("link", { name: "Para Docentes" })).toBeVisible();
  await nav.getByRole("link", { name: "Cursos", exact: true }).click();
  await expect(page).toHaveURL(/\/cursos$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cursos" })).toBeVisible();
});

test("menú móvil sin JavaScript @sin-js", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();
  await page.getByText("☰ Menú").click();
  const mobile = page.getByRole("navigation", { name: "Menú móvil" });
  await expect(mobile.getByRole("link", { name: "Para Comunidad" })).toBeVisible();
  await mobile.getByRole("link", { name: "Biblioteca" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbiblioteca$/);
  await expect(page).toHaveTitle("Iniciar Sesión | Academia Abierta");
});

test("categoría no válida y página inexistente @sin-js", async ({ page }) => {
  const response = await page.goto("/cursos/dirigido/astronautas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Categoría no válida" })).toBeVisible();
  const missing = await page.goto("/no-existe");
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle("Academia Abierta");
});

test("cabeceras de seguridad en cada página @con-js", async ({ page }) => {
  const response = await page.goto("/login");
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  // No plugins or <object> anywhere but the course page's PDF viewer (stored-files.spec.ts).
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  // Each once: a header sent twice is read as a list (and a policy list means the last one).
  const names = (await response!.headersArray()).map((h) => h.name.toLowerCase());
  for (const name of ["referrer-policy", "x-content-type-options", "cross-origin-opener-policy", "x-frame-options"]) {
    expect(
      names.filter((n) => n === name),
      name,
    ).toHaveLength(1);
  }
  // Every inline script carries this response's nonce (with JS on, hydration proves it runs).
  const html = await response!.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
});

test.describe("la posición de lectura", () => {
  // Under the full run's load the position after the reload is sometimes not restored at all (about
  // one run in three, never in dozens of runs of this file alone); the cause is not found yet, so
  // this one test is tried again rather than failing the run. Its checks are unchanged.
  test.describe.configure({ retries: 2 });
  test("vuelve tras recargar la página y al volver atrás @con-js", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto("/cursos");
    // <ScrollRestoration>'s effects have run (they save the position on leaving) once they have
    // taken over the history's scroll restoration; the router itself exists before that.
    const restoring = () => page.waitForFunction(() => window.history.scrollRestoration === "manual");
    await restoring();
    // A fresh entry gets a key of its own before hydration (the inline script), which React Router keeps.
    const key = await page.evaluate(() => (window.history.state as { key?: string } | null)?.key);
    expect(key).toMatch(/^[0-9a-z]+$/);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => Math.abs(window.scrollY - 900) < 2);
    // Back where the reader was: 900 px, give or take what the browser's scroll anchoring moves to
    // keep the same text in view when the content above changes height after the scroll (the web
    // font swapped in late on a busy machine, other tests' new courses at the top of the catalog).
    const back = () => page.waitForFunction(() => Math.abs(window.scrollY - 900) < 120);
    // Reloaded as a document: the inline script scrolls back to where the reader was.
    await page.reload();
    await back();
    // The reloaded page has hydrated (under load, after the scroll is back).
    await restoring();
    // A client navigation to another page (without scrolling to a link first) and Back: the same
    // position again, on the same history entry.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate("/"),
    );
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/cursos$/);
    await back();
    expect(await page.evaluate(() => (window.history.state as { key?: string } | null)?.key)).toBe(key);
  });
});

test("el aviso de privacidad está enlazado en el pie y en el registro @sin-js", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Aviso de privacidad" }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole("heading", { level: 1, name: "Aviso de privacidad" })).toBeVisible();
  for (const section of ["Quién es responsable", "Qué datos tratamos y para qué", "Cuánto tiempo los guardamos"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "Tus derechos y cómo ejercerlos" })).toBeVisible();
  await page.goto("/registro");
  await expect(page.locator("form").getByRole("link", { name: "aviso de privacidad" })).toHaveAttribute(
    "href",
    "/privacidad",
  );
});
