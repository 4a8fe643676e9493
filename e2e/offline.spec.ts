// Offline reading (docs/product.md#offline-reading, decision 014). With JavaScript: a learner's
// enrolled course page and the module PDFs they opened or saved open again without a connection;
// a page not kept shows "Sin conexión"; after "Salir", or once the browser no longer holds the
// learner's sign-in (cookies cleared), nothing is left; an admin's pages are never kept. Without JavaScript nothing changes: no service worker, no offline controls.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { chromiumWithPdfViewer } from "./chromium.ts";
import { ADMIN, approvedUser, courseIdByTitle, signIn } from "./support.ts";

const COURSE = "Diseño de páginas web accesibles";
const OPENED = "HTML semántico"; // its PDF is opened (kept on the way)
const SAVED = "CSS y diseño adaptable"; // its PDF is kept with "Guardar para leer sin conexión"
const LEARNER_NAME = "Lectora E2E"; // enrolledLearner's name, shown in the header
const PDF_VIEWER = "chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/";

// The kept PDFs open in Chromium's own viewer, which the headless shell lacks.
test.use({ launchOptions: chromiumWithPdfViewer });

/** A fresh estudiante enrolled in COURSE through the JSON API. */
async function enrolledLearner(request: APIRequestContext) {
  const user = await approvedUser(request, "estudiante", "Lectora");
  const { token } = (await (
    await request.post("/api/auth/login", { data: { correo: user.correo, password: user.password } })
  ).json()) as { token: string };
  const cursoId = await courseIdByTitle(request, COURSE, "/cursos/estudiante");
  const enrolled = await request.post(`/api/cursos/${cursoId}/registrarParticipante`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enrolled.status()).toBe(201);
  return { ...user, cursoId };
}

/** Our caches in this browser and the paths each keeps. */
function offlineCaches(page: Page) {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("academia-offline-")) continue;
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    }
    return result;
  });
}

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

async function moduleFileUrl(page: Page, moduleTitle: string) {
  const module = page.locator("details").filter({ has: page.locator("summary", { hasText: moduleTitle }) });
  await module.locator("summary").click();
  const href = await module.getByRole("link", { name: "Abrir PDF" }).getAttribute("href");
  expect(href).toMatch(/^\/cursos\/[a-z0-9]+\/archivos\/[a-z0-9]+$/);
  return { module, url: href! };
}

async function expectPdfShown(page: Page) {
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith(PDF_VIEWER)), { message: "el visor de PDF se abre" })
    .toBe(true);
}

test("con JavaScript: el curso y sus PDF se leen sin conexión, y al salir no queda nada @con-js", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const learner = await enrolledLearner(request);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);

  const coursePath = `/cursos/${learner.cursoId}`;
  await page.goto(coursePath);
  await controlled(page);
  const opened = await moduleFileUrl(page, OPENED);
  const saved = await moduleFileUrl(page, SAVED);

  // Opening a PDF keeps it; back on the course page it is marked.
  const pdf = await page.goto(opened.url);
  expect(pdf?.headers()["content-type"]).toBe("application/pdf");
  await expectPdfShown(page);
  await page.goto(coursePath);
  await controlled(page);
  await opened.module.locator("summary").click();
  await expect(opened.module.getByText("Disponible sin conexión", { exact: true })).toBeVisible();
  await expect(opened.module.getByText("Módulo disponible sin conexión")).toBeVisible();

  // "Guardar para leer sin conexión" keeps the other module's PDF, saying so.
  await saved.module.locator("summary").click();
  await expect(saved.module.getByText("Disponible sin conexión", { exact: true })).toHaveCount(0);
  await saved.module.getByRole("button", { name: "Guardar para leer sin conexión" }).click();
  await expect(saved.module.getByRole("status")).toHaveText(
    "Listo: este módulo se puede leer sin conexión en este dispositivo.",
  );
  await expect(saved.module.getByText("Disponible sin conexión", { exact: true })).toBeVisible();
  expect(await axeViolations(page), "axe: página del curso con los controles sin conexión").toEqual([]);

  // One cache, this user's, with the course page and both PDFs, and nothing else.
  const kept = await offlineCaches(page);
  expect(Object.keys(kept)).toHaveLength(1);
  expect(Object.keys(kept)[0]).toMatch(/^academia-offline-v1-[A-Za-z0-9_-]{22}$/);
  expect(Object.keys(kept)[0]).not.toContain(learner.id);
  const paths = Object.values(kept)[0]!;
  expect(paths).toEqual(expect.arrayContaining([coursePath, opened.url, saved.url]));
  expect(paths.every((p) => p.startsWith(`${coursePath}`))).toBe(true);

  // Without a connection: the course page and both PDFs open again.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();
  // The kept page still runs (its scripts come from the browser's cache) and marks what is kept.
  await opened.module.locator("summary").click();
  await expect(opened.module.getByText("Disponible sin conexión", { exact: true })).toBeVisible();
  // A client-side navigation whose data cannot be fetched becomes a document load (the worker's
  // answer to the failed '.data' request): here the kept page again, not an error page.
  await opened.module.getByRole("link", { name: "Ver PDF" }).click();
  await expect(page).toHaveURL(/\?pdf=/);
  await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByText("Error al cargar el curso.")).toHaveCount(0);
  // A link to a page not kept: the offline page.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Cursos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
  await expect(page).toHaveURL(/\/cursos$/);
  for (const url of [opened.url, saved.url]) {
    const offlinePdf = await page.goto(url);
    expect(offlinePdf?.status()).toBe(200);
    expect(offlinePdf?.headers()["content-type"]).toBe("application/pdf");
    await expectPdfShown(page);
  }

  // A page that is not kept: the offline page, which links the kept course.
  const notKept = await page.goto("/user/courses");
  expect(notKept?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
  expect(await axeViolations(page), "axe: página sin conexión").toEqual([]);
  await page.getByRole("link", { name: COURSE }).click();
  await expect(page.getByRole("heading", { level: 1, name: COURSE })).toBeVisible();

  // Signing out (with the connection back) deletes the kept material and the worker.
  await context.setOffline(false);
  await page.goto(coursePath);
  await controlled(page);
  await page.getByRole("button", { name: "Salir" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => offlineCaches(page).then((c) => Object.keys(c).length)).toBe(0);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r === undefined)))
    .toBe(true);

  // The session is over too (Clear-Site-Data did not get in the way of the cookie).
  await page.goto("/user");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser$/);

  // And the PDF no longer opens offline.
  await context.setOffline(true);
  const after = await page.goto(opened.url).catch((error: Error) => error);
  expect(after instanceof Error ? "sin respuesta" : after?.headers()["content-type"]).not.toBe("application/pdf");
  await context.setOffline(false);
});

test("con JavaScript: sin la sesión de quien los guardó, el curso y sus PDF no se abren sin conexión @con-js", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const learner = await enrolledLearner(request);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  const coursePath = `/cursos/${learner.cursoId}`;
  await page.goto(coursePath);
  await controlled(page);
  const { url } = await moduleFileUrl(page, OPENED);
  await page.goto(url);
  await expectPdfShown(page);
  await page.goto(coursePath);
  await controlled(page);
  expect(await page.content()).toContain(LEARNER_NAME);
  await expect
    .poll(() => offlineCaches(page).then((c) => Object.values(c).flat()))
    .toEqual(expect.arrayContaining([coursePath, url]));

  // A shared computer: the cookies are cleared (or the session ended) and there is no signal.
  // What the device kept was this learner's: it is not shown to whoever sits down next.
  await context.clearCookies();
  await context.setOffline(true);
  const offline = await page.goto(coursePath);
  expect(offline?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
  expect(await page.content()).not.toContain(LEARNER_NAME);
  await expect(page.getByRole("link", { name: COURSE })).toHaveCount(0);
  const pdf = await page.goto(url).catch((error: Error) => error);
  expect(pdf instanceof Error ? "sin respuesta" : pdf?.headers()["content-type"]).not.toBe("application/pdf");
  expect(await offlineCaches(page)).toEqual({});
  await context.setOffline(false);
});

test("con JavaScript: quien deja el curso ya no conserva su material @con-js", async ({ page, request }) => {
  const learner = await enrolledLearner(request);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  const coursePath = `/cursos/${learner.cursoId}`;
  await page.goto(coursePath);
  await controlled(page);
  const { module, url } = await moduleFileUrl(page, OPENED);
  await module.getByRole("button", { name: "Guardar para leer sin conexión" }).click();
  await expect(module.getByText("Módulo disponible sin conexión")).toBeVisible();
  expect(Object.values(await offlineCaches(page)).flat()).toEqual(expect.arrayContaining([coursePath, url]));

  // Left through the API (any client): the next visit of the course page drops its kept copies,
  // here a client-side one from the catalog (only its data comes over the network).
  const { token } = (await (
    await request.post("/api/auth/login", { data: { correo: learner.correo, password: learner.password } })
  ).json()) as { token: string };
  const left = await request.delete(`/api/auth/usuario/cursos-inscritos/${learner.cursoId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(left.status()).toBe(200);
  await page.goto(`/cursos/estudiante?q=${encodeURIComponent(COURSE)}`);
  await controlled(page);
  await page.getByRole("link", { name: COURSE }).first().click();
  await expect(page).toHaveURL(new RegExp(`${coursePath}$`));
  await expect(page.getByText("Inscríbete con «Comenzar Curso»")).toBeVisible();
  await expect.poll(() => offlineCaches(page).then((c) => Object.values(c).flat())).toEqual([]);
});

test("con JavaScript: las páginas del administrador nunca se guardan @con-js", async ({ page, context, request }) => {
  const cursoId = await courseIdByTitle(request, COURSE, "/cursos/estudiante");
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await controlled(page);
  await page.goto("/admin/records");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The admin sees every course's materials without being enrolled: nothing of it is kept either.
  await page.goto(`/cursos/${cursoId}`);
  await controlled(page);
  const { url } = await moduleFileUrl(page, OPENED);
  await expect(page.getByRole("button", { name: "Guardar para leer sin conexión" })).toHaveCount(0);
  await page.goto(url);
  await expectPdfShown(page);
  await page.goto("/admin/courses");
  await controlled(page);
  expect(Object.values(await offlineCaches(page)).flat()).toEqual([]);

  await context.setOffline(true);
  const offline = await page.goto("/admin/courses");
  expect(offline?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
  await context.setOffline(false);
});

test("sin JavaScript: nada cambia (sin service worker ni controles sin conexión) @sin-js", async ({
  page,
  context,
  request,
}) => {
  const learner = await enrolledLearner(request);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto(`/cursos/${learner.cursoId}`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const module = page.locator("details").filter({ has: page.locator("summary", { hasText: OPENED }) });
  await module.locator("summary").click();
  await expect(module.getByRole("link", { name: "Abrir PDF" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar para leer sin conexión" })).toHaveCount(0);
  await expect(page.getByText("Disponible sin conexión")).toHaveCount(0);
  expect(context.serviceWorkers()).toHaveLength(0);
});
