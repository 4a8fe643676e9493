// 'Cambiar contraseña' and 'Sesiones abiertas' in the profile, through the production
// build, JavaScript off and on: a second browser (another context, another device) signed in to
// the same account is out after a password change or 'Cerrar las demás sesiones'; this one stays.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, login, ready, signIn, uniqueEmail } from "./support.ts";

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Version/17.4 Mobile/15E148 Safari/604.1";

test.describe.configure({ timeout: 60_000 });

/**
 * A fresh, approved estudiante (never a demo account: their passwords and sessions are shared by
 * the other specs), made through the API: registered, then approved by the demo admin.
 */
async function freshAccount(request: APIRequestContext) {
  const correo = uniqueEmail("seguridad");
  const password = "cerro santa lucia";
  const registered = await request.post("/api/auth/register", {
    data: {
      nombre: "Violeta",
      apellido: "Parra",
      correo,
      fechaNacimiento: "1996-04-12",
      rol: "estudiante",
      password,
      confirmarPassword: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signIn = await request.post("/api/auth/login", { data: { correo: ADMIN.correo, password: ADMIN.password } });
  const { token } = (await signIn.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  let id: string | undefined;
  for (let page = 1; !id; page++) {
    const list = await request.get(`/api/auth/users?page=${page}`, { headers: auth });
    const users = (await list.json()) as Array<{ id: string; correo: string }>;
    id = users.find((u) => u.correo === correo)?.id;
    if (!id && page >= Number(list.headers()["x-page-count"] ?? 1)) throw new Error(`${correo} no está en la lista`);
  }
  expect((await request.put(`/api/auth/approve/${id}`, { headers: auth })).status()).toBe(200);
  await request.post("/api/auth/logout", { headers: auth });
  return { correo, password };
}

/**
 * Another browser (its own cookies, another device) signed in to the account (`signIn`: the form
 * is this spec's only for the old and the new password after a change).
 */
async function otherBrowser(
  browser: Browser,
  javaScriptEnabled: boolean,
  userAgent: string,
  correo: string,
  password: string,
) {
  const context = await browser.newContext({ javaScriptEnabled, userAgent });
  const page = await context.newPage();
  await signIn(page, correo, password);
  await expect(page).toHaveURL(/\/user$/);
  return { page, close: () => context.close() };
}

function sessionsSection(page: Page) {
  return page.getByRole("region", { name: "Sesiones abiertas" });
}

test("cambiar la contraseña cierra la sesión de otro navegador; esta sigue abierta", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const { correo, password } = await freshAccount(page.request);
  const other = await otherBrowser(browser, javaScriptEnabled, FIREFOX_ANDROID, correo, password);
  await signIn(page, correo, password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/profile");
  await ready(page);

  // Both browsers are listed, this one marked.
  const sessions = sessionsSection(page);
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "Esta sesión" })).toContainText("Chrome en Linux");
  await expect(sessions.getByRole("listitem").filter({ hasText: "Firefox en Android" })).toContainText("Último uso:");

  const form = page.getByRole("form", { name: "Cambiar contraseña" });
  const nueva = "quebrada de humahuaca";
  await expect(form.getByLabel("Contraseña actual")).toHaveAttribute("autocomplete", "current-password");
  await expect(form.getByLabel("Contraseña nueva", { exact: true })).toHaveAttribute("autocomplete", "new-password");

  // A wrong current password: the field says so, nothing changes.
  await form.getByLabel("Contraseña actual").fill("no-es-la-clave");
  await form.getByLabel("Contraseña nueva", { exact: true }).fill(nueva);
  await form.getByLabel("Confirmar contraseña nueva").fill(nueva);
  await form.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(form.getByText("La contraseña actual no es correcta.")).toBeVisible();
  await expect(form.getByLabel("Contraseña actual")).toHaveAttribute("aria-invalid", "true");

  // A common one: refused under the new password.
  await form.getByLabel("Contraseña actual").fill(password);
  await form.getByLabel("Contraseña nueva", { exact: true }).fill("password123");
  await form.getByLabel("Confirmar contraseña nueva").fill("password123");
  await form.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(form.getByText("Esa contraseña es demasiado común.", { exact: false })).toBeVisible();

  await form.getByLabel("Contraseña actual").fill(password);
  await form.getByLabel("Contraseña nueva", { exact: true }).fill(nueva);
  await form.getByLabel("Confirmar contraseña nueva").fill(nueva);
  await form.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Contraseña actualizada." })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(form.getByLabel("Contraseña actual")).toHaveValue("");
  await expect(form.getByLabel("Contraseña nueva", { exact: true })).toHaveValue("");

  // The other browser is out; this one is still in, with only itself listed.
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByText("No tienes sesiones abiertas en otros navegadores.")).toBeVisible();
  await other.page.goto("/user/profile");
  await expect(other.page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile$/);
  await other.close();

  // The new password signs in; the old one no longer does.
  await page.getByRole("button", { name: "Salir" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, correo, password);
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
  await login(page, correo, nueva);
  await expect(page).toHaveURL(/\/user$/);
});

test("'Sesiones abiertas' muestra los navegadores y 'Cerrar las demás sesiones' cierra los otros", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // A phone: the sections read at 360 px without scrolling sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  const { correo, password } = await freshAccount(page.request);
  const iphone = await otherBrowser(browser, javaScriptEnabled, SAFARI_IPHONE, correo, password);
  const android = await otherBrowser(browser, javaScriptEnabled, FIREFOX_ANDROID, correo, password);
  await signIn(page, correo, password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/profile");
  await ready(page);

  const sessions = sessionsSection(page);
  await expect(sessions.getByRole("heading", { name: "Sesiones abiertas" })).toBeVisible();
  const items = sessions.getByRole("listitem");
  await expect(items).toHaveCount(3);
  // This one first, marked; then the others by last use.
  await expect(items.first()).toContainText("Esta sesión");
  await expect(items.first()).toContainText("En uso ahora");
  await expect(items.filter({ hasText: "Safari en iPhone" })).toHaveCount(1);
  await expect(items.filter({ hasText: "Firefox en Android" })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await sessions.getByRole("button", { name: "Cerrar las demás sesiones" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Se cerraron 2 sesiones en otros navegadores." }),
  ).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Esta sesión");
  await expect(sessions.getByRole("button", { name: "Cerrar las demás sesiones" })).toHaveCount(0);

  for (const other of [iphone, android]) {
    await other.page.goto("/user");
    await expect(other.page).toHaveURL(/\/login\?redirectTo=%2Fuser$/);
    await other.close();
  }
  // This browser is still signed in, with the same password.
  await page.goto("/user/courses");
  await expect(page).toHaveURL(/\/user\/courses$/);
});

test("el perfil del administrador también tiene 'Cambiar contraseña' y 'Sesiones abiertas' @sin-js", async ({
  page,
}) => {
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/profile");
  // Only looked at: the demo admin's password and sessions belong to every other spec.
  await expect(page.getByRole("form", { name: "Cambiar contraseña" })).toBeVisible();
  await expect(sessionsSection(page).getByRole("listitem").filter({ hasText: "Esta sesión" })).toHaveCount(1);
});
