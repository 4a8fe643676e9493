import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, approvedUser, signIn } from "./support.ts";

// The admin lands on the Resumen (figures, a chart with its table), opens a
// course's Reportes from the course table (funnel, the question most often missed) and its
// gradebook (best score, attempts, passed; CSV). JavaScript off and on.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function bearer(request: APIRequestContext, credentials: { correo: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** A published course of one quiz module, and a learner who failed it once, then passed. */
async function courseWithAttempts(request: APIRequestContext, tag: string) {
  const admin = await bearer(request, ADMIN);
  const titulo = `Reportes de prueba ${tag} ${Date.now().toString(36)}`;
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo,
      duracionHoras: "2",
      dirigidoA: "comunidad",
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG },
      modulos: JSON.stringify([
        {
          titulo: "Huerto en casa",
          quiz: [
            {
              texto: "¿Cuánto riego necesita una lechuga?",
              opciones: ["Nada", "Poco y seguido"],
              respuestaCorrecta: 1,
            },
          ],
        },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cursoId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${cursoId}/publicar`, { headers: admin })).status()).toBe(200);

  const user = await approvedUser(request, "comunidad", "Rocío");
  const learner = await bearer(request, user);
  expect((await request.post(`/api/cursos/${cursoId}/registrarParticipante`, { headers: learner })).status()).toBe(201);
  for (const respuesta of ["Nada", "Poco y seguido"]) {
    const answered = await request.post("/api/quiz/respuestas", {
      headers: learner,
      data: { cursoId, moduloIndex: 0, respuestas: [respuesta] },
    });
    expect(answered.ok(), await answered.text()).toBe(true);
  }
  return { cursoId, titulo, learner: user };
}

test("el administrador ve el Resumen y abre los reportes y las calificaciones de un curso", async ({
  page,
  request,
}, info) => {
  const data = await courseWithAttempts(request, info.project.name);

  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Resumen", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Resumen" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("term").filter({ hasText: /^Inscripciones$/ })).toBeVisible();
  // The chart is an image named by its title, with its figures in a table beside it.
  await expect(page.getByRole("img", { name: "Inscripciones por mes, últimos 12 meses" })).toBeVisible();
  const enrolments = page.getByRole("table", { name: "Inscripciones por mes, últimos 12 meses" });
  await expect(enrolments.getByRole("columnheader", { name: "Mes" })).toBeVisible();
  await expect(enrolments.getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("img", { name: "Certificados emitidos por mes, últimos 12 meses" })).toBeVisible();

  // From the course table to the course's report.
  await page.getByRole("navigation", { name: "Panel Administrador" }).getByRole("link", { name: "Mis Cursos" }).click();
  await page.getByRole("searchbox", { name: "Buscar por título" }).fill(data.titulo);
  await page.getByRole("button", { name: "Buscar" }).click();
  await page
    .getByRole("row")
    .filter({ hasText: data.titulo })
    .getByRole("link", { name: "Reportes", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/reportes/${data.cursoId}$`));
  await expect(page.getByRole("heading", { name: "Reportes", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Embudo/ })).toBeVisible();
  const funnel = page.getByRole("table", { name: "Embudo del curso" });
  await expect(funnel.getByRole("row", { name: /Participantes 1 100%/ })).toBeVisible();
  await expect(funnel.getByRole("row", { name: /Aprobaron el módulo 1: Huerto en casa 1 100%/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "100%" }).first()).toBeVisible();
  await expect(page.getByText("¿Cuánto riego necesita una lechuga?")).toBeVisible();
  await expect(page.getByText("1 de 2 respuestas incorrectas (50%)")).toBeVisible();

  // The gradebook: the learner's best score, attempts and result; the CSV.
  await page.getByRole("link", { name: "Calificaciones" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/calificaciones/${data.cursoId}$`));
  await expect(page.getByRole("heading", { name: "Calificaciones", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: data.learner.correo });
  await expect(row).toContainText("100%");
  await expect(row).toContainText("2 intentos");
  await expect(row).toContainText("Aprobado");
  const csvHref = await page.getByRole("link", { name: "Descargar CSV" }).getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`Rocío E2E;${data.learner.correo};100%;2;Sí`);
});
