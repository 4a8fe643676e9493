import { expect, test, type APIRequestContext } from "@playwright/test";
import { DELETE_COURSE_EFFECTS, DELETE_COURSE_KEEPS_CERTIFICATES } from "../app/features/courses/admin-texts.ts";
import { PNG_1PX, ADMIN, adminPage, approvedUser } from "./support.ts";

// Certificates are permanent records: an admin deleting the course keeps every certificate
// issued for it verifiable, with its PDF. Both projects share one server, so each
// builds its own course through the API.

async function token(request: APIRequestContext, credentials: { correo: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: credentials });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** A published course with one one-question quiz, finished by a new learner: its certificate code. */
async function courseWithCertificate(request: APIRequestContext, titulo: string, nombre: string) {
  const admin = await token(request, ADMIN);
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo,
      duracionHoras: "6",
      dirigidoA: "general",
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify([
        { titulo: "Único módulo", quiz: [{ texto: "¿Cuánto es 2 + 2?", opciones: ["3", "4"], respuestaCorrecta: 1 }] },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${id}/publicar`, { headers: admin })).status()).toBe(200);

  const learner = await token(request, await approvedUser(request, "estudiante", nombre));
  expect((await request.post(`/api/cursos/${id}/registrarParticipante`, { headers: learner })).status()).toBe(201);
  const answered = await request.post(`/api/cursos/${id}/modulos/0/responder`, {
    headers: learner,
    data: { respuestas: [1] },
  });
  expect(((await answered.json()) as { aprobado: boolean }).aprobado).toBe(true);
  const finished = await request.post("/api/cursos/finalizar", { headers: learner, data: { cursoId: id } });
  expect(finished.status(), await finished.text()).toBe(201);
  return { id, codigo: ((await finished.json()) as { codigo: string }).codigo };
}

test("al eliminar un curso, sus certificados siguen verificables con su PDF; el diálogo lo dice", async ({
  browser,
  request,
  javaScriptEnabled,
}) => {
  const titulo = `Curso que se eliminará ${javaScriptEnabled ? "con" : "sin"} JS ${Date.now()}`;
  const { id, codigo } = await courseWithCertificate(request, titulo, "Ñandú");
  const issued = await request.get(`/certificados/${codigo}/pdf`);
  expect(issued.status()).toBe(200);

  const admin = await adminPage(browser, javaScriptEnabled);
  const page = admin.page;
  await page.getByRole("searchbox", { name: "Buscar por título" }).fill(titulo);
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("row").filter({ hasText: titulo }).getByRole("link", { name: "Eliminar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "¿Eliminar curso?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(titulo)).toBeVisible();
  await expect(dialog.getByText(DELETE_COURSE_EFFECTS)).toBeVisible();
  await expect(dialog.getByText(DELETE_COURSE_KEEPS_CERTIFICATES)).toBeVisible();
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(page.getByText("Curso eliminado.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: titulo })).toHaveCount(0);
  await admin.close();

  // The course is gone…
  expect((await request.get(`/cursos/${id}`)).status()).toBe(404);

  // …its certificate is not: anyone, signed out, still verifies it and opens its PDF.
  const anonymous = await browser.newContext({ javaScriptEnabled });
  const visitor = await anonymous.newPage();
  const response = await visitor.goto(`/certificados/${codigo}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByText("Certificado válido")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1, name: "Ñandú E2E" })).toBeVisible();
  await expect(visitor.getByText(titulo)).toBeVisible();
  await expect(visitor.locator(`a[href*="/cursos/${id}"]`)).toHaveCount(0);
  const pdfHref = await visitor.getByRole("link", { name: "Ver Certificado" }).getAttribute("href");
  expect(pdfHref).toMatch(new RegExp(`/certificados/${codigo}/pdf$`));
  const pdf = await visitor.request.get(`/certificados/${codigo}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The very file stored at issue (same size and date), not one rendered again.
  expect(pdf.headers()["etag"]).toBe(issued.headers()["etag"]);
  expect(pdf.headers()["content-security-policy"]).toBe("sandbox");
  await anonymous.close();
});
