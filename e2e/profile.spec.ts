import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { mailedLink } from "./outbox-db.ts";
import { ADMIN, approvedUser, login, ready, signIn, uniqueEmail } from "./support.ts";

// A 1×1 PNG, made in code (no binary fixtures in the repository).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test.describe.configure({ timeout: 60_000 });

/**
 * A fresh, approved estudiante signed in on `page` (never the demo accounts' data), made through
 * the API: registering and approving through the forms is e2e/accounts.spec.ts's.
 */
async function freshUser(page: Page, request: APIRequestContext, nombre: string, apellido: string) {
  const user = await approvedUser(request, "estudiante", nombre, { apellido, fechaNacimiento: "1995-08-20" });
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  return user;
}

test("cambiar imagen al instante y correo con el enlace de confirmación; la cabecera muestra la imagen", async ({
  page,
  browser,
  request,
}) => {
  const { correo, password } = await freshUser(page, request, "Javiera", "Oyarzún");
  await page.goto("/user/profile");
  await ready(page);
  const account = page.getByRole("link", { name: "Mi cuenta: Javiera Oyarzún" }).first();
  await expect(account).toHaveText("JO");
  await expect(page.getByRole("heading", { name: "Mi Perfil" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: correo })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^Estudiante$/ })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "20-08-1995" })).toBeVisible();

  // An address another account has is answered like a free one: nothing tells who has an account.
  await page.getByLabel("Correo electrónico").fill(ADMIN.correo);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(
    page.getByText(`Te enviamos un enlace a ${ADMIN.correo} para confirmar el cambio de correo.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `${ADMIN.correo} (revisa ese correo` })).toBeVisible();
  await expect(page.getByText("Ya existe una cuenta")).toHaveCount(0);

  const nuevo = uniqueEmail("nuevo");
  await page.getByLabel("Correo electrónico").fill(nuevo.toUpperCase());
  await page.getByLabel("Imagen de perfil").setInputFiles({ name: "yo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  // The image is saved; the new e-mail waits for the link sent to it, the old one still holds.
  await expect(
    page.getByText(`Te enviamos un enlace a ${nuevo} para confirmar el cambio de correo.`, { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole("definition").filter({ hasText: new RegExp(`^${correo}$`) })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `${nuevo} (revisa ese correo` })).toBeVisible();

  const link = await mailedLink(nuevo);
  await page.goto(link);
  await expect(page.getByText(nuevo)).toBeVisible();
  const confirmed = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/confirmar-correo/"),
  );
  await page.getByRole("button", { name: "Confirmar cambio de correo" }).click();
  // The page that says it worked answers 200 (it went out as 404: the link is used by then).
  expect((await confirmed).status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText(`Tu correo fue actualizado. Desde ahora ingresas con ${nuevo}.`);
  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("no es válido, ya fue usado o expiró");

  await page.goto("/user/profile");
  await expect(page.getByRole("definition").filter({ hasText: nuevo })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(nuevo);

  // The header's initials button now shows the image, served only to signed-in users.
  const headerImage = account.locator("img");
  await expect(headerImage).toHaveAttribute("src", /^\/usuarios\/[^/]+\/imagen$/);
  const src = (await headerImage.getAttribute("src")) ?? "";
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await served.body())).toEqual(PNG);
  await expect(page.getByRole("img", { name: /Imagen de perfil de Javiera Oyarzún/ })).toBeVisible();
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(new URL(src, page.url()).href)).status()).toBe(401);
  await anonymous.close();

  // The session survived the e-mail change; the new e-mail signs in, the old one does not.
  await page.getByRole("button", { name: "Salir" }).first().click();
  await login(page, correo, password);
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
  await login(page, nuevo, password);
  await expect(page).toHaveURL(/\/user$/);
});

test("un archivo de texto renombrado .png se rechaza con un mensaje claro", async ({ page, request }) => {
  const { correo } = await freshUser(page, request, "Matías", "Soto");
  await page.goto("/user/profile");
  await ready(page);
  const escrito = uniqueEmail("escrito");
  await page.getByLabel("Correo electrónico").fill(escrito);
  await page
    .getByLabel("Imagen de perfil")
    .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("esto es texto, no una imagen\n") });
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "No se pudo subir la imagen" })).toBeVisible();
  await expect(page.getByText("El archivo debe ser una imagen JPEG, PNG o WebP.")).toBeVisible();
  await expect(page.getByLabel("Imagen de perfil")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(escrito);
  await expect(page.getByText("Perfil actualizado con éxito")).toHaveCount(0);
  // Nothing changed.
  await page.goto("/user/profile");
  await expect(page.getByRole("definition").filter({ hasText: correo })).toBeVisible();
  await expect(page.getByRole("link", { name: "Mi cuenta: Matías Soto" }).first()).toHaveText("MS");
});

test("el perfil del administrador muestra 'Administrador' @sin-js", async ({ page }) => {
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: "Mi Perfil" }).first().click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole("definition").filter({ hasText: "Administrador" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: ADMIN.correo })).toBeVisible();
  await expect(page.getByLabel("Imagen de perfil")).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
});
