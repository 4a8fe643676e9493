import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { approvedUser, login } from "./support.ts";

// A seeded course whose only quiz is its first module: one pass makes 100 %.
const COURSE = "Movilidad sostenible y espacio público";
const RIGHT = ["A todas las personas", "Ancho suficiente y sin obstáculos", "Reducen siniestros"];

test("finalizar curso: falta avance, aprobar, certificado PDF y verificación pública", async ({
  page,
  request,
  browser,
  javaScriptEnabled,
}) => {
  const user = await approvedUser(request, "comunidad", "Ñuñoa Pérez");
  await login(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/); // signed in before navigating on
  await page.goto("/cursos/comunidad");
  await page.getByRole("article").filter({ hasText: COURSE }).getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();
  const courseUrl = page.url();

  await page.getByRole("button", { name: "Finalizar curso" }).click();
  await expect(
    page.getByText("Has completado 0% del curso. Necesitas completar el 100% para obtener tu certificado."),
  ).toBeVisible();

  await page.locator("summary", { hasText: "Caminar la ciudad" }).click();
  await page.getByRole("link", { name: "Realizar evaluación" }).click();
  for (const option of RIGHT) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByText("100% · Aprobado")).toBeVisible();

  await page.goto(courseUrl);
  await page.getByRole("button", { name: "Finalizar curso" }).click();
  await expect(page.getByText(/Felicitaciones/).first()).toBeVisible();
  const link = page.getByRole("link", { name: "Ver Certificado" });
  await expect(link).toHaveAttribute("target", "_blank");
  const diplomaUrl = (await link.getAttribute("href"))!;
  const field = page.getByRole("textbox", { name: /URL|enlace/i });
  await expect(field).toHaveAttribute("readonly", "");
  await expect(field).toHaveValue(/\/certificados\/[A-Z2-7]+\/pdf$/);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Copiar URL" })).toBeVisible();
  else await expect(page.getByRole("button", { name: "Copiar URL" })).toHaveCount(0);

  // The PDF carries the name (accents intact) and the verification code.
  const pdf = await page.request.get(diplomaUrl);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cert-")), "c.pdf");
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const code = /\/certificados\/([A-Z2-7]+)\/pdf$/.exec(diplomaUrl)![1]!;
  expect(text).toContain("Ñuñoa Pérez E2E");
  expect(text).toContain(code);

  // Anyone can verify it, signed out.
  const anonymous = await browser.newContext({ javaScriptEnabled });
  const visitor = await anonymous.newPage();
  await visitor.goto(`/certificados/${code}`);
  await expect(visitor.getByText("Ñuñoa Pérez E2E").first()).toBeVisible();
  await expect(visitor.getByText(COURSE).first()).toBeVisible();
  await expect(visitor.getByText(/válido/i).first()).toBeVisible();
  const missing = await visitor.goto("/certificados/NOEXISTE123");
  expect(missing?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Certificado no encontrado" })).toBeVisible();
  await anonymous.close();
});
