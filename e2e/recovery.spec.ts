// Password recovery through the production build, JavaScript off and on: the
// link e-mailed from /recuperar (read from the outbox, as the person would from their mailbox)
// sets a new password once and ends the account's other sessions; an admin's one-time link from
// the user's record in Registros does the same for someone who cannot read e-mail.
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { mailedLink } from "./outbox-db.ts";
import { adminPage, approvedUser, findInRecords, login, ready, signIn } from "./support.ts";

const RESET_REQUESTED = "Si existe una cuenta con ese correo, te enviamos un enlace para crear una nueva contraseña.";
const RESET_DONE = "Tu contraseña fue cambiada. Ya puedes iniciar sesión.";

// An account, the admin's outbox and two browsers: slower without JavaScript.
test.describe.configure({ timeout: 60_000 });

/** axe (WCAG 2.1 A and AA) on the page as it is now; it runs inside the page, so with JavaScript only. */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) expect(await axeViolations(page), page.url()).toEqual([]);
}

async function askForLink(page: Page, correo: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page).toHaveURL(/\/recuperar$/);
  await ready(page);
  await page.getByLabel("Correo electrónico").fill(correo);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toHaveText(RESET_REQUESTED);
}

async function setNewPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Crear una nueva contraseña" })).toBeVisible();
  await ready(page);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill(password);
  await page.getByLabel("Confirmar nueva contraseña").fill(password);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").filter({ hasText: RESET_DONE })).toBeVisible();
}

test("olvidé mi contraseña: el enlace del correo crea una nueva, una sola vez", async ({
  page,
  browser,
  request,
  javaScriptEnabled,
}) => {
  const user = await approvedUser(request, "estudiante", "Recupera");
  // Signed in on another device: it is out once the password changes.
  const other = await browser.newContext({ javaScriptEnabled });
  const otherPage = await other.newPage();
  await signIn(otherPage, user.correo, user.password);
  await expect(otherPage).toHaveURL(/\/user$/);

  // An address without an account reads exactly the same.
  await askForLink(page, `nadie-${user.correo}`);
  await askForLink(page, user.correo);
  await expectAccessible(page, javaScriptEnabled);
  const link = await mailedLink(user.correo, "/recuperar/");

  // The registration's rules: the two passwords must match (nothing is spent).
  await page.goto(link);
  await ready(page);
  await expect(page.getByText(user.correo)).toBeVisible();
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nieve en los andes");
  await page.getByLabel("Confirmar nueva contraseña").fill("nieve en los ande");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("Las contraseñas no coinciden.")).toBeVisible();
  await expectAccessible(page, javaScriptEnabled);

  const password = "nieve en los andes";
  await setNewPassword(page, link, password);
  await login(page, user.correo, user.password);
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
  await login(page, user.correo, password);
  await expect(page).toHaveURL(/\/user$/);

  await otherPage.goto("/user");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fuser$/);
  await other.close();

  // Used: a clear message and a way to ask again.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("no es válido, ya fue usado o expiró");
  await expectAccessible(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Pedir un enlace nuevo" }).click();
  await expect(page).toHaveURL(/\/recuperar$/);
});

test("un administrador crea un enlace de un solo uso en el registro del usuario", async ({
  page,
  browser,
  request,
  javaScriptEnabled,
}) => {
  const user = await approvedUser(request, "comunidad", "SinCorreo");
  const admin = await adminPage(browser, javaScriptEnabled);
  await findInRecords(admin.page, user.correo);
  await admin.page.getByRole("row").filter({ hasText: user.correo }).getByRole("link", { name: "Ver" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Detalle del usuario" });
  await dialog.getByRole("button", { name: "Crear enlace para restablecer contraseña" }).click();
  await expect(admin.page).toHaveURL(/\/admin\/records\/[^/]+\/enlace-contrasena$/);
  await expect(admin.page.getByRole("status").first()).toContainText("sirve una sola vez durante 24 horas");
  const url = await admin.page.getByLabel("Enlace para la persona").inputValue();
  expect(url).toMatch(/\/recuperar\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(admin.page, javaScriptEnabled);
  // Shown once: the page opened again offers a new link, not this one.
  await admin.page.goto(admin.page.url());
  await expect(admin.page.getByLabel("Enlace para la persona")).toHaveCount(0);
  await admin.close();

  const link = new URL(url).pathname;
  const password = "lago llanquihue azul";
  await setNewPassword(page, link, password);
  await login(page, user.correo, password);
  await expect(page).toHaveURL(/\/user$/);
});
