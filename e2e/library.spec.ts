import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { adminPage, approvedUser, signIn } from "./support.ts";

// The library (docs/product.md#library): both projects (JS off/on) share one server, so titles are unique.

const SEEDED_BOOK = "Educación ambiental para el siglo XXI";

test("a visitor is sent to /login and back to the library after signing in @sin-js", async ({ page, request }) => {
  await page.goto("/biblioteca");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbiblioteca$/);
  const user = await approvedUser(request, "estudiante");
  await page.getByLabel("Correo o usuario").fill(user.correo);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/biblioteca$/);
  await expect(page.getByRole("heading", { level: 1, name: "Biblioteca" })).toBeVisible();
});

test("an estudiante searches without accents, previews and downloads a book", async ({ page, request }) => {
  const user = await approvedUser(request, "estudiante");
  await signIn(page, user.correo, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/biblioteca");
  await page.getByRole("searchbox", { name: "Buscar por título o autor" }).fill("EDUCACION siglo");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=EDUCACION\+siglo/);
  const title = SEEDED_BOOK;
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);

  await card.getByRole("link", { name: "Vista Previa" }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("iframe")).toHaveAttribute("src", /^\/biblioteca\/[^/]+\/pdf$/);
  await dialog.getByRole("link", { name: "Cerrar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/ver=/);

  const href = await card.getByRole("link", { name: "Descargar PDF" }).getAttribute("href");
  expect(href).toMatch(/\?descargar=1$/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Descargar PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${title}.pdf`);
});

test("the preview dialog spans most of a desktop screen and the whole width of a phone (with 'Abrir PDF' there) @con-js", async ({
  page,
  request,
}) => {
  test.slow(); // the first preview may wait for the server's drawing (below)
  const user = await approvedUser(request, "comunidad");
  await signIn(page, user.correo, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  for (const viewport of [
    { width: 1280, height: 800, min: 0.85, max: 0.95 },
    { width: 360, height: 740, min: 1, max: 1 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // A seeded book, found by its title: the newest one may be another test's, deleted meanwhile.
    await page.goto("/biblioteca?q=EDUCACION+siglo");
    await page.getByRole("article", { name: SEEDED_BOOK }).getByRole("link", { name: "Vista Previa" }).click();
    const dialog = page.getByRole("dialog");
    // A phone shows no PDF inside a page: 'Abrir PDF' there instead of the frame. The first
    // preview of a book draws its first pages on the server (bounded by its own 30 s deadline):
    // the dialog may take that long.
    const phone = viewport.width < 640;
    await expect(dialog.getByRole("link", { name: "Descargar PDF" })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.locator("iframe")).toBeVisible({ visible: !phone });
    await expect(dialog.getByRole("link", { name: "Abrir PDF" })).toBeVisible({ visible: phone });
    const box = (await dialog.boundingBox())!;
    expect(box.width, `dialog width at ${viewport.width} px`).toBeGreaterThanOrEqual(
      Math.floor(viewport.width * viewport.min),
    );
    expect(box.width).toBeLessThanOrEqual(Math.ceil(viewport.width * viewport.max));
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
    if (phone) continue;
    const frame = (await dialog.locator("iframe").boundingBox())!;
    expect(frame.height).toBeGreaterThan(viewport.height * 0.6);
  }
});

test("an admin uploads a generated PDF (page count read from it) and deletes it", async ({ browser }, testInfo) => {
  const js = testInfo.project.name === "con-js";
  const title = `Libro E2E ${testInfo.project.name} ${Date.now().toString(36)}`;
  const doc = await PDFDocument.create();
  for (let i = 0; i < 4; i++) doc.addPage([300, 300]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "libro-")), "libro.pdf");
  fs.writeFileSync(file, await doc.save());

  const admin = await adminPage(browser, js);
  try {
    const page = admin.page;
    await page.goto("/admin/library");
    await expect(page.getByText("PDF hasta 10MB")).toBeVisible();
    if (js) await page.locator("form[novalidate]").first().waitFor({ state: "attached" });
    const form = page.locator("form#subir-libro");

    // No file chosen: the server asks for one.
    await form.getByLabel("Título", { exact: true }).fill(title);
    await form.getByLabel("Autor", { exact: true }).fill("Autora E2E");
    await form.getByLabel("Descripción").fill("Un libro generado en la prueba.");
    await form.getByRole("button", { name: "Subir libro" }).click();
    await expect(page.getByText("Por favor, selecciona un archivo PDF.")).toBeVisible();

    await form.getByLabel("Título", { exact: true }).fill(title);
    await form.getByLabel("Autor", { exact: true }).fill("Autora E2E");
    await form.getByLabel("Descripción").fill("Un libro generado en la prueba.");
    await form.getByLabel("Archivo PDF").setInputFiles(file);
    await form.getByRole("button", { name: "Subir libro" }).click();
    await expect(page.getByText("Libro creado correctamente.")).toBeVisible();
    await expect(page.locator("form#subir-libro").getByLabel("Título", { exact: true })).toHaveValue("");

    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(2)).toHaveText("4");

    await row.getByRole("link", { name: "Eliminar" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Eliminar libro?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
    await expect(page.getByText(`Libro "${title}" eliminado correctamente.`)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  } finally {
    await admin.close();
  }
});
