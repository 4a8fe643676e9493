import { expect, test } from "@playwright/test";
import { approvedUser, signIn } from "./support.ts";

const COURSE = "Introducción a la programación con Python";
// Module 1 ("Tu primer programa") of the seeded course: the right options' texts.
const RIGHT = ["print()", "Una lista ordenada de instrucciones", "Leer el mensaje y buscar la línea indicada"];
const WRONG = ["input()", "Un tipo de computador", "Borrar todo"];

test("evaluación: faltan respuestas, no aprobado, aprobado; marca y avance; repetir conserva el mejor", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await approvedUser(request, "estudiante");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/); // signed in before navigating on
  await page.goto(`/cursos/estudiante?q=${encodeURIComponent(COURSE)}`);
  await page.getByRole("article").filter({ hasText: COURSE }).getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();

  await page.locator("summary", { hasText: "Tu primer programa" }).click();
  await page.getByRole("link", { name: "Realizar evaluación" }).first().click();
  await expect(page.getByRole("heading", { name: "Evaluación: Tu primer programa" })).toBeVisible();
  const standing = page.locator("dl");
  await expect(standing).toContainText("Mejor resultado");
  await expect(standing).toContainText("Sin intentos");
  await expect(standing).toContainText("Intentos0");

  // Only the first question answered: the others are named, the choice is kept.
  await page.getByLabel(WRONG[0]!).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Responde todas las preguntas antes de terminar la evaluación (faltan: 2, 3).",
  );
  await expect(page.getByLabel(WRONG[0]!)).toBeChecked();

  for (const option of WRONG.slice(1)) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "0% · No aprobado" })).toBeVisible();
  await expect(page.getByText("✗ Incorrecta")).toHaveCount(3);

  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(standing).toContainText("Mejor resultado0% · No aprobado");
  await expect(standing).toContainText("Intentos1");
  for (const option of RIGHT) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "100% · Aprobado" })).toBeVisible();
  await expect(page.getByText("Tu avance en el curso: 33%.")).toBeVisible();
  // Passed: on to the next module, the course page opening it.
  await expect(page.getByRole("link", { name: /^Ir al módulo siguiente: / })).toHaveAttribute(
    "href",
    /^\/cursos\/[a-z0-9]+\?modulo=2#modulo-2$/,
  );

  // A worse retake after the pass: the best result and the pass are kept, and the page says so.
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(standing).toContainText("Mejor resultado100% · Aprobado");
  await expect(standing).toContainText("Intentos2");
  await expect(page.getByText("Último porcentaje")).toHaveCount(0);
  for (const [i, option] of WRONG.entries()) await page.getByLabel(i === 0 ? RIGHT[0]! : option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "33% · No aprobado" })).toBeVisible();
  await expect(page.getByText("Se conserva tu mejor resultado: 100% · Aprobado.")).toBeVisible();
  await expect(standing).toContainText("Mejor resultado100% · Aprobado");
  await expect(standing).toContainText("Intentos3");
  await expect(page.getByText("Tu avance en el curso: 33%.")).toBeVisible();

  await page.getByRole("link", { name: "Volver al curso" }).click();
  await expect(page.locator("#modulo-1").getByRole("img", { name: "Módulo aprobado" })).toBeVisible();
  await page.goto("/user/courses");
  // A fresh account: this is its only course.
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
  // Its card in the catalog: 'Continuar' with the same progress.
  await page.goto(`/cursos/estudiante?q=${encodeURIComponent(COURSE)}`);
  const card = page.getByRole("article").filter({ hasText: COURSE });
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
  await expect(card.getByRole("link", { name: `Continuar con ${COURSE}` })).toBeVisible();
  await expect(card.getByRole("button", { name: "Comenzar Curso" })).toHaveCount(0);
});
