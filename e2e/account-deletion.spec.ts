// 'Eliminar mi cuenta' in the profile, through the production build, JavaScript
// off and on: a fresh account (registered and approved through the API) opens the confirmation
// dialog, is refused with a wrong password, then deletes itself with the right one, lands on the
// home page signed out, and cannot sign in again. Its certificate, revoked at its choice, then
// verifies as 'Certificado revocado a petición de su titular'.
import { expect, test, type Page } from "@playwright/test";
import { adminPage, approvedUser, findInRecords, learnerWithCertificate, login, ready, signIn } from "./support.ts";

test.describe.configure({ timeout: 60_000 });

async function openDeletionDialog(page: Page) {
  await page.goto("/user/profile");
  await ready(page);
  const card = page.getByRole("region", { name: "Eliminar mi cuenta" });
  await card.getByRole("link", { name: "Eliminar mi cuenta" }).click();
  await expect(page).toHaveURL(/\/user\/profile\?eliminar-cuenta=1$/);
  const dialog = page.getByRole("dialog", { name: "¿Eliminar tu cuenta?" });
  await expect(dialog).toBeVisible();
  await ready(page);
  return dialog;
}

async function expectSignedOutHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Tu cuenta fue eliminada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión" }).first()).toBeVisible();
  // The profile now asks to sign in.
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
}

test("eliminar mi cuenta: pide la contraseña, cierra la sesión y no se puede volver a ingresar", async ({ page }) => {
  const user = await approvedUser(page.request, "estudiante", "Borrable");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);

  const dialog = await openDeletionDialog(page);
  await expect(dialog).toContainText("tus inscripciones en cursos y los resultados de tus evaluaciones");
  await expect(dialog).toContainText("«Cuenta eliminada»");
  // No certificates: nothing to choose.
  await expect(dialog.getByRole("radio")).toHaveCount(0);

  // A wrong password: a message under the field, announced, and nothing deleted.
  const password = dialog.getByLabel("Tu contraseña");
  await password.fill("no-es-la-clave");
  await dialog.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
  await expect(password).toHaveAccessibleDescription("La contraseña no es correcta.");
  await expect(dialog.getByRole("alert")).toHaveText("La contraseña no es correcta.");

  // 'Cancelar' closes the dialog; the account is still there.
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const again = await openDeletionDialog(page);
  await again.getByLabel("Tu contraseña").fill(user.password);
  await again.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
  await expectSignedOutHome(page);

  await login(page, user.correo, user.password);
  await expect(page.getByText("Correo o contraseña incorrectos.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("eliminar mi cuenta revocando mi certificado: su verificación dice que fue revocado @sin-js", async ({ page }) => {
  const user = await learnerWithCertificate(page.request, "Revocable");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto(`/certificados/${user.codigo}`);
  await expect(page.getByText("Certificado válido")).toBeVisible();

  const dialog = await openDeletionDialog(page);
  const keep = dialog.getByRole("radio", { name: /^Mantenerlo verificable:/ });
  const revoke = dialog.getByRole("radio", { name: /^Revocarlo:/ });
  await expect(dialog.getByRole("group", { name: "Tu certificado" })).toBeVisible();
  await expect(keep).toBeChecked();
  await revoke.check();
  await dialog.getByLabel("Tu contraseña").fill(user.password);
  await dialog.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }).click();
  await expectSignedOutHome(page);

  await page.goto(`/certificados/${user.codigo}`);
  await expect(page.getByRole("heading", { name: "Certificado revocado a petición de su titular" })).toBeVisible();
  await expect(page.getByText("Revocable")).toHaveCount(0);
  const pdf = await page.request.get(`/certificados/${user.codigo}/pdf`);
  expect(pdf.status()).toBe(404);
});

test("un administrador elimina una cuenta desde Registros y elige revocar sus certificados @sin-js", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const user = await learnerWithCertificate(page.request, "Registrada");
  const admin = await adminPage(browser, javaScriptEnabled);
  await findInRecords(admin.page, user.correo);
  await admin.page.getByRole("row").filter({ hasText: user.correo }).getByRole("link", { name: "Eliminar" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "¿Eliminar usuario?" });
  await expect(dialog).toContainText("«Cuenta eliminada»");
  await expect(dialog.getByRole("radio", { name: /^Mantenerlo verificable:/ })).toBeChecked();
  await dialog.getByRole("radio", { name: /^Revocarlo:/ }).check();
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(admin.page.getByText("Cuenta eliminada.")).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: user.correo })).toHaveCount(0);
  await admin.close();

  await page.goto(`/certificados/${user.codigo}`);
  await expect(page.getByRole("heading", { name: "Certificado revocado a petición de su titular" })).toBeVisible();
  await login(page, user.correo, user.password);
  await expect(page.getByText("Correo o contraseña incorrectos.")).toBeVisible();
});
