import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { approvedUser, learnerWithCertificate, ONE_QUIZ_COURSE, signIn } from "./support.ts";

// A seeded course whose only quiz is its first module: one pass makes 100 %.
const COURSE = "Movilidad sostenible y espacio público";
const RIGHT = ["A todas las personas", "Ancho suficiente y sin obstáculos", "Reducen siniestros"];

test("finalizar curso: falta avance, aprobar, certificado PDF y verificación pública", async ({
  page,
  request,
  browser,
  javaScriptEnabled,
}) => {
  test.slow();
  const user = await approvedUser(request, "comunidad", "Ñuñoa Pérez");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/); // signed in before navigating on
  await page.goto(`/cursos/comunidad?q=${encodeURIComponent(COURSE)}`);
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
  await expect(page.getByRole("heading", { name: "100% · Aprobado" })).toBeVisible();

  await page.goto(courseUrl);
  await page.getByRole("button", { name: "Finalizar curso" }).click();
  await expect(page.getByText(/Felicitaciones/).first()).toBeVisible();
  // The panel stops asking to pass the evaluations; the banner says the course is finished.
  await expect(page.getByText("Aprueba todas las evaluaciones")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Finalizar curso" })).toHaveCount(0);
  await expect(page.getByText("Finalizado ✓")).toBeVisible();
  const link = page
    .getByRole("complementary")
    .getByRole("link", { name: "Ver certificado (se abre en una pestaña nueva)" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
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
  // The holder's name once, as the heading.
  await expect(visitor.getByRole("heading", { level: 1, name: "Ñuñoa Pérez E2E" })).toBeVisible();
  await expect(visitor.getByText("Ñuñoa Pérez E2E")).toHaveCount(1);
  await expect(visitor.getByRole("link", { name: "Ver certificado (se abre en una pestaña nueva)" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(visitor.getByText(COURSE).first()).toBeVisible();
  await expect(visitor.getByText(/válido/i).first()).toBeVisible();
  const missing = await visitor.goto("/certificados/NOEXISTE123");
  expect(missing?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Certificado no encontrado" })).toBeVisible();
  // Or by typing its code: from the footer, a GET form; a wrong code says why.
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Verificar un certificado" }).click();
  const typed = visitor.getByLabel("Código del certificado");
  await typed.fill("ZZZZ ZZZZ ZZZZ ZZZZ");
  await visitor.getByRole("button", { name: "Verificar" }).click();
  await expect(visitor.getByRole("alert")).toContainText("Certificado no encontrado");
  await expect(typed).toHaveValue("ZZZZ ZZZZ ZZZZ ZZZZ");
  await typed.fill(code.toLowerCase());
  await visitor.getByRole("button", { name: "Verificar" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/certificados/${code}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: "Ñuñoa Pérez E2E" })).toBeVisible();
  await anonymous.close();
});

test("'Mis certificados' y 'Mis cursos' llevan al certificado; quitar el curso lo conserva", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.slow();
  const learner = await learnerWithCertificate(request);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);

  // 'Mis certificados': the frozen title, the date, the hours, the PDF, the public link.
  await page
    .getByRole("navigation", { name: "Panel Usuario" })
    .first()
    .getByRole("link", { name: "Mis certificados" })
    .click();
  await expect(page).toHaveURL(/\/user\/certificates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mis certificados" })).toBeVisible();
  const item = page.getByRole("list", { name: "Mis certificados" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading", { name: ONE_QUIZ_COURSE.titulo })).toBeVisible();
  await expect(item.getByText(/^Emitido el .+ · \d+ horas?$/)).toBeVisible();
  const pdf = item.getByRole("link", { name: /^Ver certificado de .+ \(se abre en una pestaña nueva\)$/ });
  await expect(pdf).toHaveAttribute("href", `/certificados/${learner.codigo}/pdf`);
  await expect(pdf).toHaveAttribute("target", "_blank");
  const field = item.getByRole("textbox", { name: /Enlace de verificación/ });
  await expect(field).toHaveAttribute("readonly", "");
  await expect(field).toHaveValue(new RegExp(`/certificados/${learner.codigo}$`));
  if (javaScriptEnabled) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await item.getByRole("button", { name: "Copiar URL" }).click();
    await expect(item.getByText("URL copiada")).toBeVisible();
  } else {
    await expect(page.getByRole("button", { name: "Copiar URL" })).toHaveCount(0);
  }
  await item.getByRole("link", { name: /^Página de verificación/ }).click();
  await expect(page).toHaveURL(new RegExp(`/certificados/${learner.codigo}$`));
  await expect(page.getByText("Certificado válido")).toBeVisible();

  // 'Mis cursos': the finished course links its certificate; removing it asks first and says the
  // certificate stays.
  await page.goto("/user/courses");
  const course = page.getByRole("list", { name: "Mis cursos" }).getByRole("listitem").first();
  await expect(course.getByText("Finalizado", { exact: true })).toBeVisible();
  await expect(
    course.getByRole("link", { name: /^Ver certificado de .+ \(se abre en una pestaña nueva\)$/ }),
  ).toHaveAttribute("href", `/certificados/${learner.codigo}/pdf`);
  if (javaScriptEnabled) {
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await course.getByRole("button", { name: /^Eliminar / }).click();
    await expect.poll(() => asked).toContain("Tu certificado se conserva");
  } else {
    await course.getByRole("link", { name: /^Eliminar / }).click();
    const dialog = page.getByRole("dialog", { name: "¿Seguro quieres eliminar este curso de tu lista?" });
    await expect(dialog).toContainText("Tu certificado se conserva");
    await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
  }
  await expect(page.getByText("Curso eliminado de tu lista.")).toBeVisible();
  await page.goto("/user/certificates");
  await expect(page.getByRole("list", { name: "Mis certificados" }).getByRole("listitem")).toHaveCount(1);
  expect((await page.request.get(`/certificados/${learner.codigo}`)).status()).toBe(200);
});
