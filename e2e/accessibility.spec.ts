import { expect, test, type Page } from "@playwright/test";
import { DEMO_DOCENTE, DEMO_ESTUDIANTE, DEMO_PASSWORD } from "../prisma/demo-accounts.ts";
import { axeViolations } from "./axe.ts";
import { classWithLearners } from "./class-progress-setup.ts";
import { teacherClass } from "./class-db.ts";
import { ADMIN, learnerWithCertificate, signIn } from "./support.ts";

// axe-core (WCAG 2.0 and 2.1 A and AA, and 2.2 AA rules: e2e/axe.ts) on every page of the
// product, as each role sees it. axe runs inside the page, so only the JavaScript project runs it;
// the markup is the same server-rendered HTML without JavaScript. Every page is checked once at a
// phone's width (phones first; sideways scrolling is e2e/phones.spec.ts's) and again at a
// desktop's only where the width changes the markup: the header and the panel's menu (once per
// role), the tables (AdminTable: a table with its header row on a desktop, cards on a phone), the
// library's preview frame and the messages screen.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** axe's findings on each of `paths` at a phone's width, then on those of `desktop` at a desktop's. */
async function violations(page: Page, paths: string[], desktop: string[] = []) {
  const found: string[] = [];
  for (const [size, list] of [
    [PHONE, paths],
    [DESKTOP, desktop],
  ] as const) {
    await page.setViewportSize(size);
    for (const path of list) {
      const response = await page.goto(path);
      // A page that does not exist, and links that are not (or no longer) valid, answer 404.
      expect(response?.status(), path).toBe(path === "/no-existe" || path.endsWith("/no-existe") ? 404 : 200);
      for (const v of await axeViolations(page)) found.push(`${size.width}px ${path}: ${v}`);
    }
  }
  return found;
}

async function firstCoursePath(page: Page) {
  await page.goto("/cursos");
  const href = await page.locator('main article a[href^="/cursos/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test("páginas públicas sin infracciones de accesibilidad @con-js", async ({ page }) => {
  const course = await firstCoursePath(page);
  expect(
    await violations(
      page,
      [
        "/",
        "/cursos",
        "/cursos/dirigido/docente",
        "/cursos/docente",
        "/cursos?q=programacion",
        course,
        "/biblioteca",
        "/contacto",
        "/privacidad",
        "/registro/confirmar/no-existe",
        "/registro/autorizar/no-existe",
        "/avisos/baja/no-existe",
        "/login",
        "/registro",
        "/registro/enviado",
        "/no-existe",
      ],
      ["/"],
    ),
  ).toEqual([]);
});

test("panel de usuario sin infracciones de accesibilidad @con-js", async ({ page }) => {
  await signIn(page, DEMO_ESTUDIANTE.correo, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/user$/);
  const course = await firstCoursePath(page);
  // The library's 'Vista Previa' dialog (an embedded frame on a desktop, 'Abrir PDF' on a phone).
  await page.goto("/biblioteca");
  const preview = await page.getByRole("link", { name: "Vista Previa" }).first().getAttribute("href");
  expect(preview).toContain("ver=");
  expect(
    await violations(
      page,
      [
        preview!,
        "/user",
        "/user/profile",
        "/notificaciones",
        "/user/courses",
        "/user/certificates",
        "/user/messages",
        "/user/messages?carpeta=enviados",
        "/user/calendario",
        course,
      ],
      [preview!, "/user", "/user/messages"],
    ),
  ).toEqual([]);
});

test("panel docente sin infracciones de accesibilidad @con-js", async ({ page }) => {
  await signIn(page, DEMO_DOCENTE.correo, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/docente$/);
  // A class of a course of theirs: 'Importar lista' (its preview and sheet: e2e/class-import.spec.ts).
  const { cursoId, claseId } = await teacherClass(DEMO_DOCENTE.correo);
  const importList = `/docente/cursos/${cursoId}/clases/${claseId}/importar`;
  expect(await violations(page, ["/docente", "/docente/cursos/nuevo", importList], ["/docente", importList])).toEqual(
    [],
  );
});

test("un curso finalizado, sus tarjetas y 'Mis certificados' sin infracciones de accesibilidad @con-js", async ({
  page,
  request,
}) => {
  const learner = await learnerWithCertificate(request);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  expect(
    await violations(page, [
      "/user/certificates",
      "/user/courses",
      "/cursos/comunidad",
      `/cursos/${learner.cursoId}`,
      `/certificados/${learner.codigo}`,
      // Other audiences' courses with their reason, and the code form.
      "/cursos?todos=1",
      "/certificados/verificar",
    ]),
  ).toEqual([]);
});

test("panel de administración sin infracciones de accesibilidad @con-js", async ({ page }) => {
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/courses");
  const editor = await page.locator('a[href^="/docente/cursos/"][href$="/editar"]').first().getAttribute("href");
  const participants = await page
    .locator('a[href^="/docente/cursos/"][href$="/participantes"]')
    .first()
    .getAttribute("href");
  expect(
    await violations(
      page,
      [
        "/admin/courses",
        "/docente/cursos/nuevo",
        editor!,
        participants!,
        "/admin/records",
        "/admin/records/importar",
        "/admin/messages",
        "/admin/messages?carpeta=enviados",
        "/admin/contact-messages",
        "/admin/outbox",
        "/admin/library",
        "/admin/profile",
      ],
      ["/admin/courses", participants!, "/admin/records", "/admin/library", "/admin/messages"],
    ),
  ).toEqual([]);
});

test("Resumen, reportes y calificaciones de un curso sin infracciones de accesibilidad @con-js", async ({
  page,
  request,
}) => {
  // A course with a participant who passed its quiz: the charts, tables and grades all have content.
  const learner = await learnerWithCertificate(request, "Reportada");
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const tables = [`/docente/cursos/${learner.cursoId}/reportes`, `/docente/cursos/${learner.cursoId}/calificaciones`];
  expect(await violations(page, ["/admin", ...tables], tables)).toEqual([]);
});

test("progreso de una clase y 'Escribir a la clase' sin infracciones de accesibilidad @con-js", async ({
  page,
  request,
}) => {
  // A class of three learners, each with another flag: the table, its badges and the filter have content.
  const { teacher, base } = await classWithLearners(request, `accesibilidad ${Date.now().toString(36)}`);
  await signIn(page, teacher.correo, teacher.password);
  await expect(page).toHaveURL(/\/docente$/);
  expect(
    await violations(
      page,
      [
        `${base}/progreso`,
        `${base}/progreso?marca=atascado&orden=progreso&dir=desc`,
        `${base}/progreso?marca=finalizado&orden=actividad`,
        `${base}/escribir`,
      ],
      [`${base}/progreso`],
    ),
  ).toEqual([]);
});

test("las clases de un curso sin infracciones de accesibilidad @con-js", async ({ page, request }) => {
  // A class with a learner in it (joined with its code), its list, its page and its delete dialog.
  const learner = await learnerWithCertificate(request, "Enclase");
  const tokenOf = async (correo: string, password: string) =>
    ((await (await request.post("/api/auth/login", { data: { correo, password } })).json()) as { token: string }).token;
  const adminToken = await tokenOf(ADMIN.correo, ADMIN.password);
  const created = await request.post(`/api/cursos/${learner.cursoId}/clases`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { nombre: `Curso 3°B ${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clase = (await created.json()) as { id: string; codigo: string };
  const joined = await request.post("/api/clases/unirse", {
    headers: { Authorization: `Bearer ${await tokenOf(learner.correo, learner.password)}` },
    data: { codigo: clase.codigo },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const list = `/docente/cursos/${learner.cursoId}/clases`;
  expect(
    await violations(
      page,
      [list, `${list}/${clase.id}`, `${list}/${clase.id}?eliminar=1`],
      [list, `${list}/${clase.id}`],
    ),
  ).toEqual([]);
});

test("los avisos de un curso sin infracciones de accesibilidad @con-js", async ({ page, browser, request }) => {
  // A learner enrolled in a course with more announcements than its page shows (one with a link).
  const learner = await learnerWithCertificate(request, "Avisada");
  const { token } = (await (await request.post("/api/auth/login", { data: ADMIN })).json()) as { token: string };
  let avisoId = "";
  for (let i = 1; i <= 4; i++) {
    const posted = await request.post(`/api/cursos/${learner.cursoId}/avisos`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { titulo: `Aviso de accesibilidad ${i}`, texto: `Hola.\nMás en https://ejemplo.cl/aviso-${i}.` },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    avisoId = ((await posted.json()) as { id: string }).id;
  }
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const manage = `/docente/cursos/${learner.cursoId}/avisos`;
  expect(await violations(page, [manage, `${manage}?editar=${avisoId}`, `${manage}?eliminar=${avisoId}`])).toEqual([]);
  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  try {
    await signIn(learnerPage, learner.correo, learner.password);
    expect(
      await violations(learnerPage, [
        `/cursos/${learner.cursoId}`,
        `/cursos/${learner.cursoId}/avisos`,
        "/user",
        "/user/avisos",
      ]),
    ).toEqual([]);
  } finally {
    await context.close();
  }
});

test("las preguntas de un módulo sin infracciones de accesibilidad @con-js", async ({ page, browser, request }) => {
  // A learner enrolled in a course asks two questions; the admin (its team) answers one.
  const learner = await learnerWithCertificate(request, "Preguntona");
  const learnerToken = (
    (await (
      await request.post("/api/auth/login", { data: { correo: learner.correo, password: learner.password } })
    ).json()) as { token: string }
  ).token;
  const { token } = (await (await request.post("/api/auth/login", { data: ADMIN })).json()) as { token: string };
  const list = `/cursos/${learner.cursoId}/modulos/0/preguntas`;
  const ids: string[] = [];
  for (const texto of ["¿Qué es una vereda accesible?", "¿Dónde veo https://ejemplo.cl/veredas?"]) {
    const asked = await request.post(`/api${list}`, {
      headers: { Authorization: `Bearer ${learnerToken}` },
      data: { texto },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    ids.push(((await asked.json()) as { id: string }).id);
  }
  const answered = await request.post(`/api/preguntas/${ids[0]}/respuestas`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { texto: "Una con ancho suficiente y sin obstáculos." },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  const { respuestas } = (await answered.json()) as { respuestas: Array<{ id: string }> };
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  expect(
    await violations(page, [
      list,
      `${list}?responder=${ids[1]}`,
      `${list}?eliminar=${ids[0]}`,
      `${list}?eliminar-respuesta=${respuestas[0]!.id}`,
      `/cursos/${learner.cursoId}/preguntas`,
    ]),
  ).toEqual([]);
  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  try {
    await signIn(learnerPage, learner.correo, learner.password);
    expect(await violations(learnerPage, [list, `${list}?filtro=sin-responder`, `${list}?editar=${ids[1]}`])).toEqual(
      [],
    );
  } finally {
    await context.close();
  }
});
