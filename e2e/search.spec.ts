// The search boxes people type into (docs/product.md): plain GET forms, typed into with JavaScript
// off and on; what they find is the server's, checked once (@sin-js). Accents and case do not
// matter; whole words match anywhere in the title or name.
import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./support.ts";

test("un visitante busca cursos sin tildes, ve cuántos hay y limpia", async ({ page }) => {
  await page.goto("/cursos");
  const box = page.getByRole("searchbox", { name: "Buscar cursos" });
  await box.fill("PROGRAMACION");
  await page.getByRole("button", { name: "Buscar" }).click();

  await expect(page).toHaveURL(/\/cursos\?q=PROGRAMACION$/);
  await expect(page.getByRole("link", { name: "Introducción a la programación con Python" })).toBeVisible();
  const summary = page.getByRole("status");
  await expect(summary).toHaveText(/^\d+ cursos? con «PROGRAMACION»$/);
  // The summary counts the matches, and a short search fits on one page: as many cards as it says.
  const total = Number((await summary.textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(24);
  await expect(page.getByRole("article")).toHaveCount(total);
  await expect(box).toHaveValue("PROGRAMACION");

  await page.getByRole("link", { name: "Limpiar" }).click();
  await expect(page).toHaveURL(/\/cursos$/);
  await expect(page.getByRole("searchbox", { name: "Buscar cursos" })).toHaveValue("");
  await expect(page.getByRole("link", { name: "Limpiar" })).toHaveCount(0);
});

test("'contraseñas seguras': primero los cursos con todas las palabras, luego los con algunas @sin-js", async ({
  page,
}) => {
  await page.goto("/cursos");
  await page.getByRole("searchbox", { name: "Buscar cursos" }).fill("contraseñas seguras");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("status")).toHaveText("Ningún curso tiene todas las palabras de «contraseñas seguras».");
  const some = page.getByRole("region", { name: "Cursos con algunas de las palabras" });
  await expect(some.getByRole("link", { name: "Ciudadanía digital y seguridad en internet" })).toBeVisible();
});

test("una búsqueda sin resultados lo dice y sugiere qué hacer; la búsqueda por audiencia no sale de ella @sin-js", async ({
  page,
}) => {
  await page.goto("/cursos?q=zzzqqq");
  await expect(page.getByRole("status")).toHaveText(
    "No encontramos cursos con «zzzqqq». Prueba con otras palabras o revisa la ortografía.",
  );
  await expect(page.getByRole("article")).toHaveCount(0);

  // 'Python' is a course for estudiantes: the docentes' list does not show it, the estudiantes' does.
  await page.goto("/cursos/docente");
  await page.getByRole("searchbox", { name: "Buscar cursos" }).fill("python");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/cursos\/docente\?q=python$/);
  await expect(page.getByRole("link", { name: "Introducción a la programación con Python" })).toHaveCount(0);

  await page.goto("/cursos/dirigido/estudiante?q=python");
  await expect(page.getByRole("link", { name: "Introducción a la programación con Python" })).toBeVisible();
});

test("el admin encuentra en Registros por nombre con o sin tildes y por apellido @sin-js", async ({ page }) => {
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const typed of ["Sofía González", "sofia gonzalez", "GONZÁLEZ"]) {
    await page.goto("/admin/records");
    await page.getByRole("searchbox", { name: "Buscar por correo o nombre" }).fill(typed);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/admin\/records\?q=/);
    await expect(page.getByRole("cell", { name: /sofia\.gonzalez0@ejemplo\.cl/ }).first()).toBeVisible();
  }
});
