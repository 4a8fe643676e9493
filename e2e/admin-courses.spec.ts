import { expect, test } from "@playwright/test";
import { adminPage } from "./support.ts";

test("tabla de cursos: publicar un borrador y ver participantes", async ({ browser, javaScriptEnabled }) => {
  // Each project publishes its own seeded draft (both share one server and database).
  const draft = javaScriptEnabled
    ? "Robótica educativa con materiales reciclados"
    : "Liderazgo escolar para la transformación digital";
  const admin = await adminPage(browser, javaScriptEnabled);
  const page = admin.page;
  await expect(page.getByRole("heading", { name: "Mis Cursos" })).toBeVisible();
  // Other specs add courses, newest first: the seeded draft is found by the table's search.
  const search = `/admin/courses?q=${encodeURIComponent(draft)}`;
  await page.goto(search);
  const row = page.getByRole("row").filter({ hasText: draft });
  await expect(row.getByText("Borrador")).toBeVisible();
  await row.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByText("Curso publicado.")).toBeVisible();
  await page.goto(search);
  await expect(page.getByRole("row").filter({ hasText: draft }).getByText("Publicado")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: draft }).getByRole("button", { name: "Publicar" })).toHaveCount(
    0,
  );

  // Other specs add courses to the shared database, so the seeded course may be past the first
  // page: it is found by the table's search (whole words, accents ignored).
  await page.goto(`/admin/courses?q=${encodeURIComponent("ciudadania digital")}`);
  const popular = page.getByRole("row").filter({ hasText: "Ciudadanía digital y seguridad en internet" });
  await popular.getByRole("link", { name: "Participantes" }).click();
  await expect(page.getByRole("heading", { name: "Participantes" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Fecha de registro" })).toBeVisible();
  expect(await page.getByRole("row").count()).toBeGreaterThan(5);
  const csv = await page.request.get(
    await page
      .getByRole("link", { name: "Descargar CSV" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain("Nombre;Correo;Fecha de registro;Progreso\r\n");
  await page.getByRole("link", { name: "← Volver a cursos" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);

  // Search without accents or capitals.
  await page.getByRole("searchbox", { name: "Buscar por título" }).fill("ROBOTICA educativa");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\?q=/);
  await expect(page.getByRole("row").filter({ hasText: "Robótica educativa con materiales reciclados" })).toHaveCount(
    1,
  );
  await expect(page.getByRole("row").filter({ hasText: "Ciudadanía digital y seguridad en internet" })).toHaveCount(0);
  await admin.close();
});
