// A class at a glance, 'Escribir a la clase' and the class's notas through the production build,
// JavaScript off and on (docs/product.md#classes): a course's teacher opens the progress of a class
// of three learners (one finished, one stuck on a module failed twice, one not started), filters
// 'Atascado' and sorts by progress; writes to the class and sees how many received it; a learner
// of the class reads the message in /user/messages; the notas CSV downloads with its header and a
// nota in its decimal comma.
//
// Both projects share one server, so each builds its own course and class
// (e2e/class-progress-setup.ts).
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { bearer, classWithLearners } from "./class-progress-setup.ts";
import { ready, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });

test("progreso de la clase: filtrar 'Atascado', ordenar, escribir a la clase y descargar sus notas", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const stamp = `${js ? "con" : "sin"} JS ${Date.now().toString(36)}`;
  const { cursoId, claseId, titulo, claseNombre, teacher, learners, base } = await classWithLearners(request, stamp);

  const teacherContext = await browser.newContext({ javaScriptEnabled: js });
  const learnerContext = await browser.newContext({ javaScriptEnabled: js });
  try {
    const page = await teacherContext.newPage();
    await signIn(page, teacher.correo, teacher.password);
    await expect(page).toHaveURL(/\/docente$/);

    // The class at a glance: the three, alphabetically, each with their flag.
    await page.goto(`${base}/progreso`);
    await expect(page.getByRole("heading", { level: 1, name: "Progreso de la clase" })).toBeVisible();
    await expect(page.getByText(`${claseNombre} · ${titulo} · 3 estudiantes`)).toBeVisible();
    const table = page.getByRole("table", { name: `Progreso de la clase: ${claseNombre}` });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Alba E2E");
    await expect(rows.nth(0)).toContainText("Sin comenzar");
    // Enrolled and nothing since: no time of activity (docs/decisions/042-the-teachers-day.md).
    await expect(rows.nth(0).getByRole("cell", { name: "Sin actividad", exact: true })).toBeVisible();
    await expect(rows.nth(1)).toContainText("Bruno E2E");
    await expect(rows.nth(1)).toContainText("Atascado");
    await expect(rows.nth(1)).toContainText("2 intentos");
    await expect(rows.nth(2)).toContainText("Zoe E2E");
    await expect(rows.nth(2)).toContainText("Finalizado");
    await expect(rows.nth(2)).toContainText("2 de 2");

    // Filter 'Atascado': only Bruno.
    const filter = page.getByRole("navigation", { name: "Filtrar por marca" });
    await filter.getByRole("link", { name: "Atascado" }).click();
    await expect(page).toHaveURL(/marca=atascado/);
    await expect(filter.getByRole("link", { name: "Atascado" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("1 estudiante con la marca «Atascado»")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Bruno E2E");

    // Back to all, sorted by progress (descending by default): Zoe first, then the ties by name.
    await filter.getByRole("link", { name: "Todas" }).click();
    await expect(rows).toHaveCount(3);
    await page.getByLabel("Ordenar por").selectOption("progreso");
    await page.getByLabel("Orden", { exact: true }).selectOption("desc");
    await page.getByRole("button", { name: "Ordenar" }).click();
    await expect(page).toHaveURL(/orden=progreso&dir=desc/);
    await expect(rows.nth(0)).toContainText("Zoe E2E");
    await expect(rows.nth(1)).toContainText("Alba E2E");
    await expect(rows.nth(2)).toContainText("Bruno E2E");
    await expect(page.getByLabel("Ordenar por")).toHaveValue("progreso");

    // The notas CSV: its header, and Zoe's notas (7,0 quoted: the decimal comma is in the cell).
    const csvHref = await page.getByRole("link", { name: "Descargar notas (CSV)" }).getAttribute("href");
    expect(csvHref).toBe(`${base}/notas.csv`);
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(csv.headers()["content-disposition"]).toContain("attachment");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("RUT;Apellido;Nombre;Módulo 1: Primer módulo;Módulo 2: Segundo módulo;Nota final");
    expect(lines).toContain(';E2E;Zoe;"7,0";"7,0";"7,0"');
    // Bruno's two failed attempts are a 1,0 in the first module; the second, not tried, is blank,
    // and so is his final nota.
    expect(lines).toContain(';E2E;Bruno;"1,0";;');
    expect(lines).toContain(";E2E;Alba;;;");

    // The same list through the API, with the teacher's token.
    const api = await request.get(`/api/cursos/${cursoId}/clases/${claseId}/progreso?marca=atascado`, {
      headers: await bearer(request, teacher),
    });
    expect(api.status()).toBe(200);
    const body = (await api.json()) as { total: number; estudiantes: Array<{ nombre: string; marcas: string[] }> };
    expect(body.total).toBe(1);
    expect(body.estudiantes.map((e) => [e.nombre, e.marcas])).toEqual([["Bruno E2E", ["atascado"]]]);

    // 'Escribir a la clase': the form, a missing subject refused beside its field, then sent.
    await page.getByRole("link", { name: "Escribir a la clase" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/escribir$`));
    await expect(page.getByRole("heading", { level: 1, name: "Escribir a la clase" })).toBeVisible();
    await expect(page.getByText(`${claseNombre} · 3 estudiantes`)).toBeVisible();
    await ready(page);
    const subject = `Repaso del módulo 1 ${stamp}`;
    await page.getByLabel("Mensaje").fill("Nos vemos el jueves a las 15:00 para repasar.");
    await page.getByRole("button", { name: "Enviar a la clase" }).click();
    await expect(page.getByLabel("Asunto")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Mensaje")).toHaveValue("Nos vemos el jueves a las 15:00 para repasar.");
    if (js) expect(await axeViolations(page), `${page.url()} (error)`).toEqual([]);
    await page.getByLabel("Asunto").fill(subject);
    await page.getByRole("button", { name: "Enviar a la clase" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Mensaje enviado a 3 estudiantes de la clase." }),
    ).toBeVisible();
    await expect(page.getByLabel("Asunto")).toHaveValue("");
    if (js) expect(await axeViolations(page), page.url()).toEqual([]);

    // A learner of the class finds it in their messages, from the teacher.
    const learner = await learnerContext.newPage();
    await signIn(learner, learners.bruno.correo, learners.bruno.password);
    await expect(learner).toHaveURL(/\/user$/);
    await learner.goto("/user/messages");
    const item = learner.getByRole("button").filter({ hasText: subject });
    await expect(item).toHaveAttribute("data-unread", "true");
    await expect(item).toContainText("Profe E2E");
    await item.click();
    const pane = learner.getByRole("article", { name: "Mensaje seleccionado" });
    await expect(pane.getByRole("heading", { name: subject })).toBeVisible();
    await expect(pane).toContainText("Nos vemos el jueves a las 15:00 para repasar.");
  } finally {
    await teacherContext.close();
    await learnerContext.close();
  }
});
