// The user's course list in /user and /user/courses: name, status badge, duration, progress
// bar; removing a course asks for confirmation (confirm() with JS, a server-rendered step
// without). Every test uses a fresh account, so the shared server and database stay usable.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ESTUDIANTE, DEMO_PASSWORD } from "../prisma/demo-accounts.ts";
import { ADMIN, learnerWhoPassed, ONE_QUIZ_COURSE, signIn, uniqueEmail } from "./support.ts";

const CONFIRM = "¿Seguro quieres eliminar este curso de tu lista?";
const REMOVED = "Curso eliminado de tu lista.";

async function apiToken(request: APIRequestContext, correo: string, password: string) {
  const response = await request.post("/api/auth/login", { data: { correo, password } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return body;
}

/** Registers a docente (docentes may take any course) and approves it through the API. */
async function freshUser(request: APIRequestContext) {
  const user = { nombre: "Paula", apellido: "Oyarzún", correo: uniqueEmail("cursos"), password: "canelo del sur 2026" };
  const registered = await request.post("/api/auth/register", {
    data: { ...user, fechaNacimiento: "1995-06-01", rol: "docente", confirmarPassword: user.password },
  });
  expect(registered.status()).toBe(201);
  const { token: adminToken } = await apiToken(request, ADMIN.correo, ADMIN.password);
  const headers = { Authorization: `Bearer ${adminToken}` };
  const users = (await (await request.get("/api/auth/users", { headers })).json()) as Array<{
    id: string;
    correo: string;
  }>;
  const id = users.find((u) => u.correo === user.correo)?.id;
  expect(id).toBeTruthy();
  expect((await request.put(`/api/auth/approve/${id}`, { headers })).status()).toBe(200);
  return { ...user, id: id! };
}

/** Published course ids, as the catalog links to them. */
async function courseIds(request: APIRequestContext, count: number) {
  const html = await (await request.get("/cursos")).text();
  const ids = [...new Set([...html.matchAll(/href="\/cursos\/([a-z0-9]{20,})"/g)].map((m) => m[1]!))];
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

/** Enrols the user in `count` courses through POST /api/cursos/{cursoId}/registrarParticipante. */
async function enrol(
  request: APIRequestContext,
  user: { id: string; correo: string; password: string },
  count: number,
) {
  const ids = await courseIds(request, count);
  const { token } = await apiToken(request, user.correo, user.password);
  for (const id of ids) {
    const response = await request.post(`/api/cursos/${id}/registrarParticipante`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), `inscripción en ${id}`).toBe(201);
  }
}

function courseCards(page: Page) {
  return page.getByRole("list", { name: "Mis cursos" }).getByRole("listitem");
}

async function removeControl(page: Page, card: ReturnType<Page["getByRole"]>, javaScriptEnabled: boolean) {
  // With JS the control becomes a button once hydrated (before that it is the no-JS link).
  return card.getByRole(javaScriptEnabled ? "button" : "link", { name: /^Eliminar / });
}

test("la lista muestra nombre, estado, duración y avance, y abre el curso @sin-js", async ({ page, request }) => {
  const user = await freshUser(request);
  await enrol(request, user, 2);
  await signIn(page, user.correo, user.password);
  // A docente lands on the teacher's panel (docs/product.md#course-teams); /user is still theirs.
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto("/user");

  // /user: greeting and the same list.
  await expect(page.getByRole("heading", { name: "Hola, Paula" })).toBeVisible();
  await expect(courseCards(page)).toHaveCount(2);

  await page.goto("/user/courses");
  await expect(page.getByRole("heading", { name: "Mis cursos", level: 1 })).toBeVisible();
  const cards = courseCards(page);
  await expect(cards).toHaveCount(2);
  const first = cards.first();
  const link = first.getByRole("heading").getByRole("link");
  const name = (await link.textContent())!.trim();
  expect(name.length).toBeGreaterThan(0);
  await expect(first.getByText("En progreso")).toBeVisible();
  await expect(first.getByText(/^Duración: /)).toBeVisible();
  const bar = first.getByRole("progressbar", { name: `Avance en ${name}` });
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expect(bar).toHaveAttribute("aria-valuemin", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", "100");
  await expect(first.getByText("0%", { exact: true })).toBeVisible();

  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/cursos\/[a-z0-9]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("'Continuar' en una tarjeta abre el módulo que toca, con y sin JavaScript", async ({ page, request }) => {
  const user = await freshUser(request);
  await enrol(request, user, 1);
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto("/user/courses");
  const card = courseCards(page).first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  // Nothing passed yet: the module to take is the first one, and the server opens it (?modulo=1).
  const next = card.getByRole("link", { name: `Continuar con ${name}` });
  await expect(next).toHaveAttribute("href", /^\/cursos\/[a-z0-9]+\?modulo=1#modulo-1$/);
  await next.click();
  await expect(page).toHaveURL(/\/cursos\/[a-z0-9]+\?modulo=1#modulo-1$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.locator("#modulo-1")).toHaveAttribute("open", "");
});

test("eliminar un curso pide confirmación y lo quita de la lista", async ({ page, request, javaScriptEnabled }) => {
  const user = await freshUser(request);
  await enrol(request, user, 2);
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto("/user/courses");
  const cards = courseCards(page);
  await expect(cards).toHaveCount(2);
  const card = cards.first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  const control = await removeControl(page, card, javaScriptEnabled);

  if (javaScriptEnabled) {
    // Cancelled: nothing happens.
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await control.click();
    await expect.poll(() => asked).toBe(CONFIRM);
    await expect(cards).toHaveCount(2);

    page.once("dialog", (dialog) => void dialog.accept());
    await control.click();
  } else {
    // The confirmation step: cancel first, then confirm.
    await control.click();
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(name);
    await dialog.getByRole("link", { name: "Cancelar" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/user\/courses$/);
    await expect(cards).toHaveCount(2);

    await (await removeControl(page, cards.first(), false)).click();
    await page.getByRole("dialog", { name: CONFIRM }).getByRole("button", { name: "Sí, eliminar" }).click();
  }

  await expect(page.getByText(REMOVED)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/courses$/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Mis cursos" }).getByRole("heading", { name })).toHaveCount(0);

  // From /user as well, down to the empty state.
  await page.goto("/user");
  const last = courseCards(page).first();
  const control2 = await removeControl(page, last, javaScriptEnabled);
  if (javaScriptEnabled) {
    page.once("dialog", (dialog) => void dialog.accept());
    await control2.click();
  } else {
    await control2.click();
    await page.getByRole("dialog", { name: CONFIRM }).getByRole("button", { name: "Sí, eliminar" }).click();
  }
  await expect(page.getByText(REMOVED)).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByText("Aún no te has inscrito en ningún curso.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Explorar cursos" })).toHaveAttribute("href", "/cursos");
});

test("sin cursos: un mensaje amable con enlace al catálogo @sin-js", async ({ page, request }) => {
  const user = await freshUser(request);
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto("/user/courses");
  await expect(page.getByText("Aún no te has inscrito en ningún curso.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Explorar cursos" }).click();
  await expect(page).toHaveURL(/\/cursos$/);
});

test("el estudiante de demostración ve sus cursos con avance (solo lectura) @sin-js", async ({ page }) => {
  await signIn(page, DEMO_ESTUDIANTE.correo, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/courses");
  const cards = courseCards(page);
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const bar = card.getByRole("progressbar");
    const value = Number(await bar.getAttribute("aria-valuenow"));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    await expect(card.getByText(`${value}%`, { exact: true })).toBeVisible();
    await expect(card.getByText(value === 100 ? "Finalizado" : "En progreso", { exact: true })).toBeVisible();
  }
});

test("un curso al 100 % sin certificado ofrece 'Obtener certificado', y luego 'Ver certificado'", async ({
  page,
  request,
}) => {
  const user = await learnerWhoPassed(request);
  const { cursoId } = user;

  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/courses");
  const card = courseCards(page).first();
  await expect(card.getByText("Finalizado", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Continuar/ })).toHaveCount(0);
  await card.getByRole("button", { name: `Obtener certificado de ${ONE_QUIZ_COURSE.titulo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cursos/${cursoId}$`));
  await expect(page.getByText("Tu certificado está listo.")).toBeVisible();

  await page.goto("/user/courses");
  await expect(
    card.getByRole("link", { name: new RegExp(`^Ver certificado de ${ONE_QUIZ_COURSE.titulo}`) }),
  ).toBeVisible();
  await expect(card.getByRole("button", { name: /^Obtener certificado/ })).toHaveCount(0);
});
