import { expect, test, type Page } from "@playwright/test";
import { approvedUser, learnerWithCertificate, ONE_QUIZ_COURSE, signIn } from "./support.ts";

// Other specs add courses of their own, newest first: a seeded course is found by searching its
// title, not by hoping it is still on the first page.
const searchFor = (titulo: string, list = "/cursos") => `${list}?q=${encodeURIComponent(titulo)}`;

async function openCourse(page: Page, titulo: string, from = searchFor(titulo)) {
  await page.goto(from);
  await page.getByRole("link", { name: titulo }).click();
  await expect(page.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
}

function card(page: Page, titulo: string) {
  return page.getByRole("article").filter({ has: page.getByRole("link", { name: titulo }) });
}

test("catálogo: todos, por audiencia, destacados y categoría no válida @sin-js", async ({ page }) => {
  await page.goto("/cursos");
  await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeVisible();
  await page.goto(searchFor("Introducción a la programación con Python"));
  await expect(card(page, "Introducción a la programación con Python")).toContainText("Estudiante");
  await page.goto(searchFor("Ciudadanía digital y seguridad en internet"));
  await expect(card(page, "Ciudadanía digital y seguridad en internet")).toContainText("General");
  // Visitors see no drafts, not even when they search for one.
  await page.goto(searchFor("Trámites digitales sin complicaciones"));
  await expect(card(page, "Trámites digitales sin complicaciones")).toHaveCount(0);

  // Each searched for in its list: courses other tests publish may fill a list's first page.
  await page.goto("/cursos/docente");
  await expect(page.getByRole("heading", { name: "Cursos para docentes" })).toBeVisible();
  await page.goto(searchFor("Herramientas digitales para el aula", "/cursos/docente"));
  await expect(card(page, "Herramientas digitales para el aula")).toBeVisible();
  await page.goto(searchFor("Introducción a la programación con Python", "/cursos/docente"));
  await expect(card(page, "Introducción a la programación con Python")).toHaveCount(0);

  await page.goto(searchFor("Huertos urbanos y compostaje en el barrio", "/cursos/dirigido/comunidad"));
  await expect(card(page, "Huertos urbanos y compostaje en el barrio")).toBeVisible();

  await page.goto("/cursos?destacados=true");
  await expect(page.getByText("Los 10 cursos con más participantes")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(10);

  const response = await page.goto("/cursos/piratas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Categoría no válida" })).toBeVisible();
});

test("un estudiante ve primero lo que puede tomar; un curso para docentes dice por qué, sin botón; ningún borrador @sin-js", async ({
  page,
  request,
}) => {
  const user = await approvedUser(request, "estudiante");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  const titulo = "Herramientas digitales para el aula";
  await page.goto(searchFor(titulo));
  await expect(page.getByText("Te mostramos los cursos que puedes tomar", { exact: false })).toBeVisible();
  await expect(card(page, titulo)).toHaveCount(0);
  await page.getByRole("link", { name: "Ver todos los cursos", exact: true }).click();
  await expect(page).toHaveURL(/todos=1/);
  const teachers = card(page, titulo);
  await expect(teachers).toContainText(
    "Para docentesEste curso está dirigido únicamente a usuarios con rol de docente",
  );
  await expect(teachers.getByRole("button", { name: "Comenzar Curso" })).toHaveCount(0);
  // A new search keeps the whole catalog; the course page says the same.
  await page.getByRole("searchbox").fill("herramientas aula");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/todos=1/);
  await teachers.getByRole("link", { name: titulo }).click();
  await expect(page.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
  await expect(page.getByText("Este curso está dirigido únicamente a usuarios con rol de docente")).toBeVisible();
  await expect(page.getByRole("button", { name: "Comenzar Curso" })).toHaveCount(0);

  // Drafts are not listed for students, and their page is not found.
  // Searched for, so that it would be on the page shown if it were listed.
  await page.goto(searchFor("Trámites digitales sin complicaciones", "/cursos/comunidad"));
  await expect(page.getByRole("heading", { name: "Cursos para comunidad" })).toBeVisible();
  await expect(card(page, "Trámites digitales sin complicaciones")).toHaveCount(0);
});

test("un visitante ve el curso sin materiales; 'Comenzar Curso' pide iniciar sesión y vuelve", async ({
  page,
  request,
}) => {
  await openCourse(page, "Diseño de páginas web accesibles");
  await expect(page.getByText("Dirigido a: Estudiante")).toBeVisible();
  await page.locator("summary", { hasText: "HTML semántico" }).click();
  await expect(page.getByText("Títulos, listas, enlaces e imágenes con texto alternativo.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver PDF" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Realizar evaluación" })).toHaveCount(0);

  const user = await approvedUser(request, "estudiante");
  await page.getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcursos%2F/);
  await expect(page.getByText("Por favor inicie sesión para tomar el curso.")).toBeVisible();
  await page.getByLabel("Correo o usuario").fill(user.correo);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Diseño de páginas web accesibles" })).toBeVisible();

  // Now enrol: the course opens with its materials.
  await page.getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();
  // The banner now says where the learner stands and leads on.
  await expect(page.getByText("Tu avance: 0%")).toBeVisible();
  await expect(page.getByRole("button", { name: "Comenzar Curso" })).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: "Tu avance en el curso" })).toHaveAttribute("aria-valuenow", "0");
  // 'Continuar' opens the module to take, with or without JavaScript: the server
  // renders it open for ?modulo=1, and #modulo-1 scrolls to it.
  const next = page.getByRole("link", { name: "Continuar", exact: true });
  await expect(next).toHaveAttribute("href", /\?modulo=1#modulo-1$/);
  await next.click();
  await expect(page).toHaveURL(/\?modulo=1#modulo-1$/);
  await expect(page.locator("#modulo-1")).toHaveAttribute("open", "");
  await expect(page.locator("#modulo-1 summary")).toContainText("HTML semántico");
  await page.getByRole("link", { name: "Ver PDF" }).first().click();
  await expect(page.locator("object[type='application/pdf']")).toHaveAttribute("height", "600");
  const pdfUrl = await page.locator("object[type='application/pdf']").getAttribute("data");
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expect(page.getByRole("link", { name: "MDN Web Docs en español" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "Realizar evaluación" }).first()).toBeVisible();
});

test("un docente ve los borradores marcados y puede tomarlos @sin-js", async ({ page, request }) => {
  const user = await approvedUser(request, "docente");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto(searchFor("Trámites digitales sin complicaciones"));
  const draft = card(page, "Trámites digitales sin complicaciones");
  await expect(draft.getByText("Borrador")).toBeVisible();
  await draft.getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Trámites digitales sin complicaciones" })).toBeVisible();
  await page.locator("summary", { hasText: "ClaveÚnica" }).click();
  await expect(page.getByRole("link", { name: "Ver PDF" })).toBeVisible();
});

test("las tarjetas muestran el estado del estudiante; un visitante sigue viendo 'Comenzar Curso' @sin-js", async ({
  page,
  request,
  browser,
  javaScriptEnabled,
}) => {
  test.slow();
  const learner = await learnerWithCertificate(request);
  const other = "Huertos urbanos y compostaje en el barrio";
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto(searchFor(other, "/cursos/comunidad"));
  await card(page, other).getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();

  await page.goto(searchFor(other, "/cursos/comunidad"));
  const started = card(page, other);
  await expect(started.getByRole("link", { name: `Continuar con ${other}` })).toBeVisible();
  await expect(started.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await page.goto(searchFor(ONE_QUIZ_COURSE.titulo, "/cursos/comunidad"));
  const done = card(page, ONE_QUIZ_COURSE.titulo);
  await expect(done.getByText("Finalizado ✓")).toBeVisible();
  const certificate = done.getByRole("link", { name: "Ver certificado (se abre en una pestaña nueva)" });
  await expect(certificate).toHaveAttribute("target", "_blank");
  await expect(certificate).toHaveAttribute("rel", /noopener/);
  await expect(certificate).toHaveAttribute("href", `/certificados/${learner.codigo}/pdf`);
  await expect(done.getByRole("button", { name: "Comenzar Curso" })).toHaveCount(0);
  // The same on /cursos and on the featured list (whichever of them holds these courses).
  await page.goto(searchFor(ONE_QUIZ_COURSE.titulo));
  await expect(card(page, ONE_QUIZ_COURSE.titulo).getByText("Finalizado ✓")).toBeVisible();

  // A visitor, right after (the anonymous page cache included), sees today's cards.
  const anonymous = await browser.newContext({ javaScriptEnabled });
  const visitor = await anonymous.newPage();
  for (let i = 0; i < 2; i++) {
    await visitor.goto(searchFor(ONE_QUIZ_COURSE.titulo, "/cursos/comunidad"));
    await expect(card(visitor, ONE_QUIZ_COURSE.titulo).getByRole("button", { name: "Comenzar Curso" })).toBeVisible();
    await expect(visitor.getByText("Finalizado ✓")).toHaveCount(0);
    await expect(visitor.getByRole("link", { name: /^Continuar/ })).toHaveCount(0);
  }
  await anonymous.close();
});

test("una página del catálogo servida desde la memoria se hidrata con su CSP por hash @con-js", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));

  await page.goto("/cursos");
  // Another worker may change the catalog between two loads (a new course drops the copy):
  // load again until one comes from the memory.
  let replay = await page.reload();
  await expect
    .poll(async () => {
      if (replay?.headers()["x-page-cache"] !== "hit") replay = await page.reload();
      return replay?.headers()["x-page-cache"];
    })
    .toBe("hit");
  expect(replay?.headers()["content-security-policy"]).toMatch(/'sha256-[\w+/=]+'/);
  expect(replay?.headers()["content-security-policy"]).not.toContain("nonce-");
  // One Cache-Control: a browser may keep this public page and revalidate it by its ETag.
  expect(replay?.headers()["cache-control"]).toBe("no-cache");
  expect(replay?.headers()["etag"]).toMatch(/^W\/"/);
  // Hydrated: a card's link navigates on the client (the page's own window survives).
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  // The first card, whichever course it is (other specs add courses of their own).
  const first = page.getByRole("article").first().getByRole("link").first();
  const titulo = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  expect(violations).toEqual([]);
});
