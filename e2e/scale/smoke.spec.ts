// The smoke path of the scale-out run (scripts/scale-test.sh), through the nginx balancer in front
// of two instances on PostgreSQL and one S3 bucket, with JavaScript off and on: sign in through the
// form, open pages, write (a profile image: a row and an object in the bucket) and read the write
// back. The product's flows themselves are proven once, by `npm run test:e2e`; the cross-instance
// guarantees by cross-instance.spec.ts.
import { expect, test } from "@playwright/test";
import { approvedUser, login, PNG_1PX, ready } from "../support.ts";

test("sign in, a page, a write and its read-back through the balancer", async ({ page, browser }) => {
  const user = await approvedUser(page.request, "estudiante", "Balanceada");
  await login(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);

  // Pages answer whichever instance serves them: the session lives in the shared database.
  for (let i = 0; i < 3; i++) {
    await page.goto("/user/profile");
    await expect(page.getByRole("heading", { name: "Mi Perfil" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: user.correo })).toBeVisible();
  }

  await ready(page);
  await page.getByLabel("Imagen de perfil").setInputFiles({ name: "yo.png", mimeType: "image/png", buffer: PNG_1PX });
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Perfil actualizado con éxito", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/profile$/);

  // The stored image comes back from the bucket, whichever instance answers, and only signed in.
  const image = page
    .getByRole("link", { name: /^Mi cuenta: Balanceada/ })
    .first()
    .locator("img");
  await expect(image).toHaveAttribute("src", /^\/usuarios\/[^/]+\/imagen$/);
  const src = (await image.getAttribute("src"))!;
  for (let i = 0; i < 2; i++) {
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await served.body())).toEqual(PNG_1PX);
  }
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(new URL(src, page.url()).href)).status()).toBe(401);
  await anonymous.close();

  await page.getByRole("button", { name: "Salir" }).first().click();
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login/);
});
