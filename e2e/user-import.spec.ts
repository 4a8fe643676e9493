// 'Importar usuarios' through the production build, JavaScript off and on
// (docs/product.md#importar-usuarios): the admin pastes three rows, one without a name; the
// preview names the error and its line and offers no confirmation; the fixed list previews as
// three new accounts; 'Confirmar importación' creates them, approved, and they are in Registros.
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { adminPage, findInRecords, uniqueEmail } from "./support.ts";

test.describe.configure({ timeout: 60_000 });

test("importar usuarios: vista previa con el error y su línea, corrección, confirmación", async ({
  browser,
  javaScriptEnabled,
}) => {
  const admin = await adminPage(browser, javaScriptEnabled);
  const page = admin.page;
  const [ana, beto, carla] = ["importa-ana", "importa-beto", "importa-carla"].map(uniqueEmail) as [
    string,
    string,
    string,
  ];

  await page.goto("/admin/records");
  await page.getByRole("link", { name: "Importar usuarios" }).click();
  await expect(page).toHaveURL(/\/admin\/records\/importar$/);
  await expect(page.getByRole("heading", { name: "Importar usuarios" })).toBeVisible();

  const list = (betoName: string) =>
    ["correo;nombre;apellido;rut", `${ana};Ana;Rojas;`, `${beto};${betoName};Soto;`, `${carla};Carla;Díaz;`].join("\n");
  await page.getByLabel("Lista").fill(list(""));
  await page.getByLabel("Rol de las cuentas nuevas").selectOption("estudiante");
  await page.getByRole("button", { name: "Revisar lista" }).click();

  const rows = page.getByRole("table", { name: "Filas de la lista" }).getByRole("row");
  await expect(rows.filter({ hasText: beto })).toContainText("error: falta el nombre (línea 3)");
  await expect(rows.filter({ hasText: ana })).toContainText("nueva cuenta");
  await expect(page.getByText("2 cuentas nuevas, 0 ya existen, 1 fila con error.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmar importación" })).toHaveCount(0);
  if (javaScriptEnabled) expect(await axeViolations(page), page.url()).toEqual([]);

  // The list comes back in the box: the admin fixes line 3 and reviews again.
  await expect(page.getByLabel("Lista")).toHaveValue(list(""));
  await page.getByLabel("Lista").fill(list("Beto"));
  await page.getByRole("button", { name: "Revisar lista" }).click();
  await expect(page.getByText("3 cuentas nuevas, 0 ya existen, 0 filas con errores.")).toBeVisible();
  await page.getByRole("button", { name: "Confirmar importación" }).click();

  await expect(page).toHaveURL(/\/admin\/records$/);
  await expect(page.getByText("Se crearon 3 cuentas. Cada persona nueva recibirá un correo")).toBeVisible();
  for (const correo of [ana, beto, carla]) {
    await findInRecords(page, correo);
    await expect(page.getByRole("row").filter({ hasText: correo }).getByText("Aprobado")).toBeVisible();
  }
  await admin.close();
});
