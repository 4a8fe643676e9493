import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { backupMadeToday } from "./backup-db.ts";
import { ADMIN, approvedUser, signIn } from "./support.ts";

// The admin lands on the Resumen (figures, a chart with its table), opens a
// course's Reportes from the course table (funnel, the question most often missed) and its
// gradebook (best score, its Nota, attempts, passed; the final Nota; CSV), then tries to change
// the course's exigencia in the editor: it is the pass mark the attempts were graded against, so
// it stays. JavaScript off and on.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function bearer(request: APIRequestContext, credentials: { correo: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/**
 * A published course of two quiz modules, and a learner who failed the first once, then passed
 * (100 %), and got half of the second right (50 %).
 */
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
        {
          titulo: "Compostaje",
          quiz: [
            { texto: "¿Va la cáscara de huevo al compost?", opciones: ["Sí", "No"], respuestaCorrecta: 0 },
            { texto: "¿Va la carne al compost?", opciones: ["Sí", "No"], respuestaCorrecta: 1 },
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
  const half = await request.post("/api/quiz/respuestas", {
    headers: learner,
    data: { cursoId, moduloIndex: 1, respuestas: ["Sí", "Sí"] },
  });
  expect(half.ok(), await half.text()).toBe(true);
  return { cursoId, titulo, learner: user };
}

test("el administrador ve el Resumen y abre los reportes y las calificaciones de un curso @sin-js", async ({
  page,
  request,
  javaScriptEnabled: js,
}, info) => {
  const data = await courseWithAttempts(request, info.project.name);

  // The last scheduled backup (the e2e server makes none, BACKUP_EVERY_H=0: a row stands for it):
  // when, its size, no warning (the warnings' rule: tests/platform/backup-status.test.ts).
  await backupMadeToday(1_500_000);
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Resumen", level: 1 })).toBeVisible();
  const backup = page.getByRole("region", { name: "Copia de seguridad" });
  await expect(backup).toContainText(/Última: Hecha el .+ \(1,5 MB\)\./);
  await expect(backup).toContainText("(BACKUP_EVERY_H=0)");
  await expect(backup.getByRole("status")).toHaveCount(0);
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
  await expect(page).toHaveURL(new RegExp(`/docente/cursos/${data.cursoId}/reportes$`));
  await expect(page.getByRole("heading", { name: "Reportes", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Embudo/ })).toBeVisible();
  const funnel = page.getByRole("table", { name: "Embudo del curso" });
  await expect(funnel.getByRole("row", { name: /Participantes 1 100%/ })).toBeVisible();
  await expect(funnel.getByRole("row", { name: /Aprobaron el módulo 1: Huerto en casa 1 100%/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "100%" }).first()).toBeVisible();
  await expect(page.getByText("¿Cuánto riego necesita una lechuga?")).toBeVisible();
  await expect(page.getByText("1 de 2 respuestas incorrectas (50%)")).toBeVisible();

  // The gradebook: the learner's best score, its Nota (exigencia 70 %), attempts and result; the
  // final Nota, the average of the module notas; the CSV.
  await page.getByRole("link", { name: "Calificaciones" }).click();
  await expect(page).toHaveURL(new RegExp(`/docente/cursos/${data.cursoId}/calificaciones$`));
  await expect(page.getByRole("heading", { name: "Calificaciones", level: 1 })).toBeVisible();
  await expect(page.getByText("Nota de 1,0 a 7,0 con exigencia del 70%: un 70% es un 4,0.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: data.learner.correo });
  const cells = row.getByRole("cell");
  await expect(cells.nth(1)).toContainText("100%");
  await expect(cells.nth(1)).toContainText("Nota 7,0");
  await expect(cells.nth(1)).toContainText("2 intentos");
  await expect(cells.nth(1)).toContainText("Aprobado");
  await expect(cells.nth(2)).toContainText("50%");
  await expect(cells.nth(2)).toContainText("Nota 3,1"); // 1 + 3 · 50/70
  await expect(cells.nth(2)).toContainText("No aprobado");
  await expect(cells.nth(3)).toHaveText("Nota 5,1"); // (7,0 + 3,1) ÷ 2 = 5,05
  const csvHref = await page.getByRole("link", { name: "Descargar CSV" }).getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).split("\r\n");
  expect(lines[0]).toMatch(/;Módulo 2: Compostaje - Mejor porcentaje;Módulo 2: Compostaje - Nota;.*;Nota$/);
  expect(lines).toContain(`Rocío E2E;${data.learner.correo};100%;"7,0";2;Sí;50%;"3,1";1;No;"5,1"`);

  // The course's exigencia, in the editor: with attempts graded against it, a change is refused
  // under the field, the typed values kept.
  await page.getByRole("link", { name: "Editar curso" }).click();
  await expect(page).toHaveURL(new RegExp(`/docente/cursos/${data.cursoId}/editar$`));
  if (js) await page.locator("form#editar-curso[novalidate]").waitFor({ state: "attached" });
  const form = page.locator("form#editar-curso");
  const exigencia = form.getByLabel("Exigencia (%)");
  await expect(exigencia).toHaveValue("70");
  await expect(exigencia).toHaveAccessibleDescription("Porcentaje para aprobar, que es la nota 4,0");
  await exigencia.fill("50");
  await form.getByLabel("Fecha de inicio").fill("2027-03-10");
  await form.getByLabel("Fecha de término").fill("2027-03-01");
  await form.getByRole("button", { name: "Guardar datos del curso" }).click();
  await expect(page.getByText("La fecha de inicio no puede ser mayor que la fecha de término.").first()).toBeVisible();
  await expect(form.getByLabel("Exigencia (%)")).toHaveValue("50");
  await form.getByLabel("Fecha de término").fill("2027-06-30");
  await form.getByRole("button", { name: "Guardar datos del curso" }).click();
  await expect(page.getByText(/^La exigencia ya no se puede cambiar/).first()).toBeVisible();
  await expect(form.getByLabel("Exigencia (%)")).toHaveValue("50");

  await page.goto(`/docente/cursos/${data.cursoId}/calificaciones`);
  await expect(page.getByText("Nota de 1,0 a 7,0 con exigencia del 70%: un 70% es un 4,0.")).toBeVisible();
});

// A manual column of the gradebook (docs/decisions/044-manual-grade-columns.md) on a phone: the
// team adds 'Disertación', grades the learner 6,5 with a comment (a refused nota keeps what was
// typed), and the table and the final nota show it. Plain forms: JavaScript off and on.
test("el equipo agrega una columna de notas y califica a una persona", async ({
  page,
  request,
  javaScriptEnabled: js,
}, info) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const data = await courseWithAttempts(request, `columna ${info.project.name}`);
  await signIn(page, ADMIN.correo, ADMIN.password);
  const path = `/docente/cursos/${data.cursoId}/calificaciones`;
  await page.goto(path);
  await page.getByLabel("Nombre de la columna (ej.: Disertación)").fill("Disertación");
  await page.getByRole("button", { name: "Agregar columna" }).click();
  await expect(page.getByText("Columna Disertación agregada.")).toBeVisible();
  const column = page.getByRole("region", { name: "Disertación" });
  const nota = column.getByLabel("Nota de Rocío E2E");
  await nota.fill("7,5");
  await column.getByLabel("Comentario para Rocío E2E (opcional)").fill("Clara y bien preparada.");
  await column.getByRole("button", { name: "Guardar notas de Disertación" }).click();
  await expect(column.getByLabel("Nota de Rocío E2E")).toHaveAccessibleDescription(
    "Escribe una nota de 1,0 a 7,0, con un decimal como máximo (ej.: 5,5).",
  );
  await expect(column.getByLabel("Comentario para Rocío E2E (opcional)")).toHaveValue("Clara y bien preparada.");
  await column.getByLabel("Nota de Rocío E2E").fill("6,5");
  await column.getByRole("button", { name: "Guardar notas de Disertación" }).click();
  await expect(page.getByText("Notas guardadas.")).toBeVisible();
  const cells = page.getByRole("row").filter({ hasText: data.learner.correo }).getByRole("cell");
  await expect(cells.nth(3)).toContainText("Nota 6,5");
  await expect(cells.nth(3)).toContainText("Clara y bien preparada.");
  await expect(cells.nth(4)).toHaveText("Nota 5,5"); // (7,0 + 3,1 + 6,5) ÷ 3 = 5,53
  await expectNoAxeViolations(page, path, js);
});

test("el equipo importa las notas de una columna desde un CSV, con vista previa", async ({
  page,
  request,
  javaScriptEnabled: js,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const data = await courseWithAttempts(request, "importar");
  const admin = await bearer(request, ADMIN);
  const column = await request.post(`/api/cursos/${data.cursoId}/calificaciones/columnas`, {
    headers: admin,
    data: { nombre: "Prueba escrita" },
  });
  expect(column.status(), await column.text()).toBe(201);
  await signIn(page, ADMIN.correo, ADMIN.password);
  const path = `/docente/cursos/${data.cursoId}/calificaciones/importar`;
  await page.goto(path);
  // es-CL Excel's CSV: BOM, ';' and a comma decimal.
  const csv = `\uFEFFCorreo;Nota;Comentario\r\n${data.learner.correo};"6,0";Bien resuelta\r\nnadie@colegio.cl;5,0;\r\n`;
  await page
    .getByLabel("Archivo CSV")
    .setInputFiles({ name: "notas.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Revisar notas" }).click();
  await expect(page.getByRole("status")).toContainText("Se guardarán 1;");
  await expect(page.getByText("No es participante del curso: no se escribe")).toBeVisible();
  await page.getByRole("button", { name: "Guardar 1 nota en Prueba escrita" }).click();
  await expect(page).toHaveURL(new RegExp(`/docente/cursos/${data.cursoId}/calificaciones$`));
  await expect(page.getByText("Se guardó 1 nota desde el archivo.")).toBeVisible();
  const cells = page.getByRole("row").filter({ hasText: data.learner.correo }).getByRole("cell");
  await expect(cells.nth(3)).toContainText("Nota 6,0");
  await expect(cells.nth(3)).toContainText("Bien resuelta");
  await expectNoAxeViolations(page, path, js);
});
