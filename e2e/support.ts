import { expect, type APIRequestContext, type Browser, type Cookie, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_COMUNIDAD, DEMO_DOCENTE, DEMO_ESTUDIANTE, DEMO_PASSWORD } from "../prisma/demo-accounts.ts";

export const ADMIN = { correo: DEMO_ADMIN.correo, password: DEMO_PASSWORD };

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@prueba.cl`;
}

/** With JavaScript, wait until React has hydrated the page's forms (Conform sets noValidate). */
export async function ready(page: Page) {
  const jsEnabled = await page.evaluate(() => true).catch(() => false);
  if (jsEnabled) await page.locator("form[novalidate]").first().waitFor({ state: "attached" });
}

/**
 * Signs in through the form, as a person does. Only the specs that test signing in itself use it
 * (accounts, recovery, account-security, and the refusals after a deletion or an e-mail change);
 * every other spec signs in with `signIn`.
 */
export async function login(page: Page, correo: string, password: string) {
  await page.goto("/login");
  await ready(page);
  await page.getByLabel("Correo o usuario").fill(correo);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** A demo account's session, made once per worker and reused (`signIn`). */
const demoSessions = new Map<string, { cookies: Cookie[]; landing: string }>();
const DEMO_EMAILS = new Set([DEMO_ADMIN.correo, DEMO_DOCENTE.correo, DEMO_ESTUDIANTE.correo, DEMO_COMUNIDAD.correo]);

/**
 * Signs `page`'s browser context in without the form: one POST /login through the
 * context's own request client (it shares the page's cookies, so the session cookie lands in the
 * browser), then opens the page the form would have landed on (the answer's redirect: /user,
 * /admin…). A demo account (never changed by the specs that use this) signs in once per worker:
 * its session cookies are copied into later contexts. What the form itself does is proven by the
 * specs that use `login`.
 */
export async function signIn(page: Page, correo: string, password: string) {
  const context = page.context();
  const cached = DEMO_EMAILS.has(correo) ? demoSessions.get(correo) : undefined;
  if (cached) {
    await context.addCookies(cached.cookies);
    await page.goto(cached.landing);
    if (new URL(page.url()).pathname !== "/login") return;
    demoSessions.delete(correo); // the session ended (it should not): sign in again
    await context.clearCookies();
  }
  const response = await page.request.post("/login", { form: { correo, password }, maxRedirects: 0 });
  expect(response.status(), `inicio de sesión de ${correo}`).toBe(302);
  const landing = response.headers()["location"];
  expect(landing, `destino tras iniciar sesión como ${correo}`).toBeTruthy();
  if (DEMO_EMAILS.has(correo)) {
    const set = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split("=")[0]!.trim());
    demoSessions.set(correo, {
      cookies: (await context.cookies()).filter((c) => set.includes(c.name)),
      landing: landing!,
    });
  }
  await page.goto(landing!);
}

export async function register(
  page: Page,
  user: {
    nombre: string;
    apellido: string;
    correo: string;
    fechaNacimiento: string;
    rol: string;
    password: string;
    confirmar?: string;
  },
) {
  await page.goto("/registro");
  await ready(page);
  await page.getByLabel("Nombre", { exact: true }).fill(user.nombre);
  await page.getByLabel("Apellido").fill(user.apellido);
  await page.getByLabel("Correo electrónico").fill(user.correo);
  await page.getByLabel("Fecha de nacimiento").fill(user.fechaNacimiento);
  await page.getByLabel("Rol").selectOption(user.rol);
  await page.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await page.getByLabel("Confirmar contraseña").fill(user.confirmar ?? user.password);
  await page.getByRole("button", { name: "Registrarse" }).last().click();
}

/** A second, independent browser session signed in as the demo admin. */
export async function adminPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, ADMIN.correo, ADMIN.password);
  // An admin lands on the panel's Resumen; the callers start from the course table.
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/courses");
  return { page, close: () => context.close() };
}

/** The records table narrowed to one e-mail through its search form. */
export async function findInRecords(admin: Page, correo: string) {
  await admin.goto("/admin/records");
  await admin.getByRole("searchbox", { name: "Buscar por correo" }).fill(correo);
  await admin.getByRole("button", { name: "Buscar" }).click();
  await expect(admin).toHaveURL(/\/admin\/records\?q=/);
}

export async function approveInRecords(admin: Page, correo: string) {
  await findInRecords(admin, correo);
  const row = admin.getByRole("row").filter({ hasText: correo });
  await row
    .getByRole("button", { name: "Aprobar" })
    .or(row.getByRole("link", { name: "Aprobar" }))
    .click();
  // An address its owner has not confirmed: the admin confirms the choice.
  const done = admin.getByText("Cuenta aprobada.");
  const anyway = admin.getByRole("button", { name: "Aprobar de todos modos" });
  await expect(done.or(anyway)).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(done).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: correo }).getByText("Aprobado")).toBeVisible();
}

/**
 * The link mailed to `correo`: what the person would click in their mailbox. Without SMTP (the
 * e2e server) the mail waits in the outbox, where the demo admin reads it (/admin/outbox lists
 * each mail's start; its subject opens the whole text). The other specs read their links from the
 * database (e2e/outbox-db.ts).
 */
export async function emailConfirmationLink(
  browser: Browser,
  javaScriptEnabled: boolean,
  correo: string,
  /** The link's path before its token: the e-mail change's, or another mailed link's. */
  path = "/confirmar-correo/",
  /** What the token looks like (a 256-bit token by default; an opt-out link is `{id}.{firma}`). */
  token = "[A-Za-z0-9_-]{43}",
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}${token}`);
  const admin = await adminPage(browser, javaScriptEnabled);
  await admin.page.goto("/admin/outbox?estado=pending");
  const item = admin.page.getByRole("listitem").filter({ hasText: correo }).first();
  await item.getByRole("link", { name: /ver correo completo/ }).click();
  const opened = admin.page.getByRole("article").filter({ hasText: correo });
  const text = (await opened.locator("pre").textContent()) ?? "";
  await admin.close();
  const link = pattern.exec(text)?.[0];
  expect(link, `enlace de confirmación para ${correo}`).toBeTruthy();
  return new URL(link!).pathname;
}

export async function deleteInRecords(admin: Page, correo: string) {
  await findInRecords(admin, correo);
  await admin.getByRole("row").filter({ hasText: correo }).getByRole("link", { name: "Eliminar" }).click();
  await expect(admin.getByRole("dialog", { name: "¿Eliminar usuario?" })).toBeVisible();
  await admin.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(admin.getByText("Cuenta eliminada.")).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: correo })).toHaveCount(0);
}

/** The demo admin's API token, made once per worker and reused, as `signIn` keeps its session. */
let adminToken: string | undefined;
async function adminAuth(request: APIRequestContext) {
  adminToken ??= ((await (await request.post("/api/auth/login", { data: ADMIN })).json()) as { token: string }).token;
  return { Authorization: `Bearer ${adminToken}` };
}

/**
 * A fresh, approved account made through the JSON API (fast): registered, then approved by the
 * demo admin. Returns its credentials; sign in with `signIn`.
 */
export async function approvedUser(
  request: APIRequestContext,
  rol: "docente" | "estudiante" | "comunidad",
  nombre = "Prueba",
  { apellido = "E2E", fechaNacimiento = "1995-05-05" } = {},
) {
  const correo = uniqueEmail(rol);
  const password = "clave de prueba larga";
  const registered = await request.post("/api/auth/register", {
    data: {
      nombre,
      apellido,
      correo,
      fechaNacimiento,
      rol,
      password,
      confirmarPassword: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const headers = await adminAuth(request);
  const users = (await (await request.get("/api/auth/users", { headers })).json()) as Array<{
    id: string;
    correo: string;
  }>;
  const id = users.find((u) => u.correo === correo)?.id;
  expect(id, "the new user is listed").toBeTruthy();
  const approved = await request.put(`/api/auth/approve/${id}`, { headers });
  expect(approved.status()).toBe(200);
  return { id: id!, correo, password };
}

/** A seeded course for comunidad whose only quiz is its first module: one pass makes 100 %. */
export const ONE_QUIZ_COURSE = {
  titulo: "Movilidad sostenible y espacio público",
  audience: "comunidad" as const,
  module: "Caminar la ciudad",
  right: ["A todas las personas", "Ancho suficiente y sin obstáculos", "Reducen siniestros"],
};

/**
 * The id of a published course, read from the catalog's links: the list searched for its title, so
 * that the courses other tests publish never push it off the first page.
 */
export async function courseIdByTitle(request: APIRequestContext, titulo: string, list = "/cursos") {
  const html = await (await request.get(`${list}?q=${encodeURIComponent(titulo)}`)).text();
  const id = new RegExp(`href="/cursos/([a-z0-9]{20,})"[^>]*>${titulo}<`).exec(html)?.[1];
  expect(id, `curso ${titulo}`).toBeTruthy();
  return id!;
}

/**
 * A fresh comunidad account that passed ONE_QUIZ_COURSE's one quiz through the JSON API (enrolled,
 * passed: the course at 100 %, no certificate yet). Sign in with `signIn`.
 */
export async function learnerWhoPassed(request: APIRequestContext, nombre = "Terminada") {
  const user = await approvedUser(request, ONE_QUIZ_COURSE.audience, nombre);
  const { token } = (await (
    await request.post("/api/auth/login", { data: { correo: user.correo, password: user.password } })
  ).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const cursoId = await courseIdByTitle(request, ONE_QUIZ_COURSE.titulo, `/cursos/${ONE_QUIZ_COURSE.audience}`);
  expect((await request.post(`/api/cursos/${cursoId}/registrarParticipante`, { headers })).status()).toBe(201);
  const answered = await request.post("/api/quiz/respuestas", {
    headers,
    data: { cursoId, moduloIndex: 0, respuestas: ONE_QUIZ_COURSE.right },
  });
  expect(((await answered.json()) as { aprobado: boolean }).aprobado).toBe(true);
  return { ...user, cursoId, headers };
}

/** learnerWhoPassed, then finished: the account holds a certificate. Sign in with `signIn`. */
export async function learnerWithCertificate(request: APIRequestContext, nombre = "Certificada") {
  const { headers, ...learner } = await learnerWhoPassed(request, nombre);
  const finished = await request.post("/api/cursos/finalizar", { headers, data: { cursoId: learner.cursoId } });
  expect(finished.status()).toBe(201);
  const { codigo } = (await finished.json()) as { codigo: string };
  return { ...learner, codigo };
}

/** A 1×1 PNG made in code (no binary fixtures in the repository). */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A published course for everyone, made by the admin through the API, with a new approved
 * docente ('Profe …') as its team: what a teacher's page needs before a spec can use it. `modulos`:
 * the titles of its modules, if it needs some.
 */
export async function publishedCourseWithTeacher(request: APIRequestContext, titulo: string, modulos: string[] = []) {
  const auth = await adminAuth(request);
  const created = await request.post("/api/cursos", {
    headers: auth,
    multipart: {
      titulo,
      duracionHoras: "2",
      dirigidoA: "general",
      ...(modulos.length > 0 ? { modulos: JSON.stringify(modulos.map((m) => ({ titulo: m }))) } : {}),
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.put(`/api/cursos/${id}/publicar`, { headers: auth })).status()).toBe(200);
  const teacherAccount = await approvedUser(request, "docente", "Profe");
  const team = await request.put(`/api/cursos/${id}/equipo`, {
    headers: auth,
    data: { profesores: [teacherAccount.id] },
  });
  expect(team.status(), await team.text()).toBe(200);
  return { id, teacherAccount };
}
