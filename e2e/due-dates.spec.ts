// Due dates (docs/product.md#due-dates), with JavaScript off and on: a course's teacher (here an
// admin, who acts as teacher of every course) sets a module's 'Fecha límite' in the editor; an
// enrolled learner sees it on the course page (and 'Atrasado' for one already past) and in
// 'Próximas fechas' (the overdue one too, marked), makes the calendar link, and the feed answers text/calendar without a
// session; 'Generar otro enlace' voids the old address.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { chileLocalInput, formatChileDateTime } from "../app/lib/chile-time.ts";
import { axeViolations, expectNoAxeViolations } from "./axe.ts";
import { adminPage, ADMIN, approvedUser, PNG_1PX, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });

const DAY = 24 * 60 * 60 * 1000;
const QUIZ = [{ texto: "¿2+2?", opciones: ["4", "5"], respuestaCorrecta: 0 }];

/** A published course of two quiz modules, made through the API by the demo admin. */
async function publishedCourse(request: APIRequestContext, titulo: string) {
  const { token } = (await (await request.post("/api/auth/login", { data: ADMIN })).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/cursos", {
    headers,
    multipart: {
      titulo,
      duracionHoras: "2",
      dirigidoA: "general",
      modulos: JSON.stringify([
        { titulo: "Fracciones", quiz: QUIZ },
        { titulo: "Decimales", quiz: QUIZ },
      ]),
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.put(`/api/cursos/${id}/publicar`, { headers })).status()).toBe(200);
  return id;
}

function moduleCard(page: Page, title: string) {
  return page
    .locator("li[id^=modulo-]")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^Módulo \\d+: ${title}$`) }) });
}

test("un profesor/a fija la fecha límite; cada estudiante la ve en el curso, en 'Próximas fechas' y en su calendario", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso con fechas ${js ? "con" : "sin"} JS ${Date.now()}`;
  const cursoId = await publishedCourse(request, titulo);
  const soon = new Date(Date.now() + 3 * DAY);
  soon.setUTCSeconds(0, 0);
  const past = new Date(Date.now() - DAY);
  past.setUTCSeconds(0, 0);

  // The editor: a bad value comes back with the error; then the two dates are saved.
  const admin = await adminPage(browser, js);
  try {
    await admin.page.goto(`/docente/cursos/${cursoId}/editar`);
    const first = moduleCard(admin.page, "Fracciones");
    await first.getByLabel("Fecha límite (opcional)").fill(chileLocalInput(soon));
    await first.getByRole("button", { name: "Guardar módulo" }).click();
    await expect(admin.page.getByText("Curso actualizado con éxito").first()).toBeVisible();
    await expect(moduleCard(admin.page, "Fracciones").getByLabel("Fecha límite (opcional)")).toHaveValue(
      chileLocalInput(soon),
    );
    const second = moduleCard(admin.page, "Decimales");
    await second.getByLabel("Fecha límite (opcional)").fill(chileLocalInput(past));
    // Wait for the save itself: with JavaScript the field keeps the typed value before the answer
    // comes, and closing the page below would cancel a save still in flight (a loaded CI machine).
    const saved = admin.page.waitForResponse(
      (r) =>
        r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`/docente/cursos/${cursoId}/editar`),
    );
    await second.getByRole("button", { name: "Guardar módulo" }).click();
    expect((await saved).status()).toBeLessThan(400);
    await expect(moduleCard(admin.page, "Decimales").getByLabel("Fecha límite (opcional)")).toHaveValue(
      chileLocalInput(past),
    );
  } finally {
    await admin.close();
  }

  // A learner enrolled in the course.
  const learner = await approvedUser(request, "estudiante", "Fechas");
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  try {
    await signIn(page, learner.correo, learner.password);
    const { token } = (await (
      await request.post("/api/auth/login", { data: { correo: learner.correo, password: learner.password } })
    ).json()) as { token: string };
    const enrolled = await request.post(`/api/cursos/${cursoId}/registrarParticipante`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(enrolled.status()).toBe(201);

    await page.goto(`/cursos/${cursoId}`);
    await expect(page.getByText(`Fecha límite: ${formatChileDateTime(soon)}`)).toBeVisible();
    await expect(page.getByText(`Fecha límite: ${formatChileDateTime(past)}`)).toBeVisible();
    await expect(page.getByText("Atrasado", { exact: true })).toHaveCount(1);

    await page.goto("/user");
    const upcoming = page.getByRole("region", { name: "Próximas fechas" });
    await expect(upcoming.getByRole("link", { name: /Fracciones/ })).toBeVisible();
    await expect(upcoming.getByText(formatChileDateTime(soon))).toBeVisible();
    // A past date whose quiz is not passed stays, marked as on the course page.
    await expect(upcoming.getByRole("listitem").filter({ hasText: "Decimales" })).toContainText(
      `${formatChileDateTime(past)}Atrasado`,
    );
    // The panel and the course page with dates on them meet WCAG 2.2 AA.
    await expectNoAxeViolations(page, "/user", js);
    await expectNoAxeViolations(page, `/cursos/${cursoId}`, js);

    // The calendar: made once, fetched without a session, renewed.
    await upcoming.getByRole("link", { name: "Suscribirme al calendario" }).click();
    await expect(page.getByRole("heading", { name: "Calendario de fechas límite" })).toBeVisible();
    await page.getByRole("button", { name: "Crear mi enlace" }).click();
    const field = page.getByLabel("Enlace de tu calendario");
    await expect(field).toBeVisible();
    const url = new URL(await field.inputValue());
    // The address shown once, with its help, meets WCAG 2.2 AA too (axe runs in the page).
    if (js) expect(await axeViolations(page)).toEqual([]);
    expect(url.pathname).toMatch(/^\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await request.get(url.pathname, { headers: { Cookie: "" } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    // One Referrer-Policy, the feed's own (its address is the secret), not the site's beside it.
    const sent = (name: string) => feed.headersArray().filter((h) => h.name.toLowerCase() === name);
    expect(sent("referrer-policy").map((h) => h.value)).toEqual(["no-referrer"]);
    expect(sent("x-content-type-options").map((h) => h.value)).toEqual(["nosniff"]);
    const ics = (await feed.text()).replace(/\r\n /g, "");
    expect(ics).toContain(`SUMMARY:${titulo}: Fracciones`);
    expect(ics).toContain(`SUMMARY:${titulo}: Decimales`);

    await page.goto("/user/calendario");
    await page.getByRole("button", { name: "Generar otro enlace" }).click();
    const renewed = new URL(await page.getByLabel("Enlace de tu calendario").inputValue());
    expect(renewed.pathname).not.toBe(url.pathname);
    expect((await request.get(url.pathname)).status()).toBe(404);
    expect((await request.get(renewed.pathname)).status()).toBe(200);
  } finally {
    await context.close();
  }
});
