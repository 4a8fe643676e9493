import { expect, test } from "@playwright/test";
import { approvedUser, login } from "./support.ts";

const COURSE = "Introducción a la programación con Python";
// Module 1 ("Tu primer programa") of the seeded course: the right options' texts.
const RIGHT = ["print()", "Una lista ordenada de instrucciones", "Leer el mensaje y buscar la línea indicada"];
const WRONG = ["input()", "Un tipo de computador", "Borrar todo"];

test("evaluación: faltan respuestas, no aprobado, aprobado; marca y avance", async ({ page, request }) => {
  const user = await approvedUser(request, "estudiante");
  await login(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/); // signed in before navigating on
  await page.goto("/cursos/estudiante");
  await page.getByRole("article").filter({ hasText: COURSE }).getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();

  await page.locator("summary", { hasText: "Tu primer programa" }).click();
  await page.getByRole("link", { name: "Realizar evaluación" }).first().click();
  await expect(page.getByRole("heading", { name: "Evaluación: Tu primer programa" })).toBeVisible();
  await expect(page.getByText("Intentos previos")).toBeVisible();

  // Only the first question answered: the others are named, the choice is kept.
  await page.getByLabel(WRONG[0]!).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Responde todas las preguntas antes de terminar la evaluación (faltan: 2, 3).",
  );
  await expect(page.getByLabel(WRONG[0]!)).toBeChecked();

  for (const option of WRONG.slice(1)) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByText("0% · No aprobado")).toBeVisible();
  await expect(page.getByText("✗ Incorrecta")).toHaveCount(3);

  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(page.getByText("Intentos previos")).toBeVisible();
  for (const option of RIGHT) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByText("100% · Aprobado")).toBeVisible();
  await expect(page.getByText("Tu avance en el curso: 33%.")).toBeVisible();

  await page.getByRole("link", { name: "Volver al curso" }).click();
  await expect(page.locator("#modulo-1").getByRole("img", { name: "Módulo aprobado" })).toBeVisible();
  await page.goto("/user/courses");
  // A fresh account: this is its only course.
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
});
