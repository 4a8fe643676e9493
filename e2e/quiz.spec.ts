import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { ADMIN, adminPage, approvedUser, PNG_1PX, signIn } from "./support.ts";

const COURSE = "Introducción a la programación con Python";
// Module 1 ("Tu primer programa") of the seeded course: the right options' texts.
const RIGHT = ["print()", "Una lista ordenada de instrucciones", "Leer el mensaje y buscar la línea indicada"];
const WRONG = ["input()", "Un tipo de computador", "Borrar todo"];

test("evaluación: faltan respuestas, no aprobado, aprobado; marca y avance; repetir conserva el mejor", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await approvedUser(request, "estudiante");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/); // signed in before navigating on
  await page.goto(`/cursos/estudiante?q=${encodeURIComponent(COURSE)}`);
  await page.getByRole("article").filter({ hasText: COURSE }).getByRole("button", { name: "Comenzar Curso" }).click();
  await expect(page.getByText("¡Registro exitoso!")).toBeVisible();

  await page.locator("summary", { hasText: "Tu primer programa" }).click();
  await page.getByRole("link", { name: "Realizar evaluación" }).first().click();
  await expect(page.getByRole("heading", { name: "Evaluación: Tu primer programa" })).toBeVisible();
  const standing = page.locator("dl");
  await expect(standing).toContainText("Mejor resultado");
  await expect(standing).toContainText("Sin intentos");
  await expect(standing).toContainText("Intentos0");

  // Only the first question answered: the others are named, the choice is kept.
  await page.getByLabel(WRONG[0]!).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Responde todas las preguntas antes de terminar la evaluación (faltan: 2, 3).",
  );
  await expect(page.getByLabel(WRONG[0]!)).toBeChecked();

  for (const option of WRONG.slice(1)) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "0% · No aprobado" })).toBeVisible();
  await expect(page.getByText("✗ Incorrecta")).toHaveCount(3);

  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(standing).toContainText("Mejor resultado0% · No aprobado");
  await expect(standing).toContainText("Intentos1");
  for (const option of RIGHT) await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "100% · Aprobado" })).toBeVisible();
  await expect(page.getByText("Tu avance en el curso: 33%.")).toBeVisible();
  // Passed: on to the next module, the course page opening it.
  await expect(page.getByRole("link", { name: /^Ir al módulo siguiente: / })).toHaveAttribute(
    "href",
    /^\/cursos\/[a-z0-9]+\?modulo=2#modulo-2$/,
  );

  // A worse retake after the pass: the best result and the pass are kept, and the page says so.
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(standing).toContainText("Mejor resultado100% · Aprobado");
  await expect(standing).toContainText("Intentos2");
  await expect(page.getByText("Último porcentaje")).toHaveCount(0);
  for (const [i, option] of WRONG.entries()) await page.getByLabel(i === 0 ? RIGHT[0]! : option).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "33% · No aprobado" })).toBeVisible();
  await expect(page.getByText("Se conserva tu mejor resultado: 100% · Aprobado.")).toBeVisible();
  await expect(standing).toContainText("Mejor resultado100% · Aprobado");
  await expect(standing).toContainText("Intentos3");
  await expect(page.getByText("Tu avance en el curso: 33%.")).toBeVisible();

  await page.getByRole("link", { name: "Volver al curso" }).click();
  await expect(page.locator("#modulo-1").getByRole("img", { name: "Módulo aprobado" })).toBeVisible();
  await page.goto("/user/courses");
  // A fresh account: this is its only course.
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
  // Its card in the catalog: 'Continuar' with the same progress.
  await page.goto(`/cursos/estudiante?q=${encodeURIComponent(COURSE)}`);
  const card = page.getByRole("article").filter({ hasText: COURSE });
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
  await expect(card.getByRole("link", { name: `Continuar con ${COURSE}` })).toBeVisible();
  await expect(card.getByRole("button", { name: "Comenzar Curso" })).toHaveCount(0);
});

test("evaluación con 2 intentos y solo el puntaje: dice cuántos quedan y, sin intentos, ya no muestra el formulario", async ({
  page,
  request,
}, { project }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const bearer = async (credentials: { correo: string; password: string }) => {
    const response = await request.post("/api/auth/login", { data: credentials });
    return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  };
  const admin = await bearer(ADMIN);
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo: `Dos intentos ${project.name} ${Date.now().toString(36)}`,
      duracionHoras: "1",
      dirigidoA: "comunidad",
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify([
        {
          titulo: "Reciclaje",
          intentosMaximos: 2,
          revision: "puntaje",
          quiz: [{ texto: "¿Va el vidrio al contenedor verde?", opciones: ["Sí", "No"], respuestaCorrecta: 0 }],
        },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cursoId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${cursoId}/publicar`, { headers: admin })).status()).toBe(200);
  const user = await approvedUser(request, "comunidad");
  const enrolled = await request.post(`/api/cursos/${cursoId}/registrarParticipante`, { headers: await bearer(user) });
  expect(enrolled.status()).toBe(201);

  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  const quiz = `/cursos/${cursoId}/modulos/0/evaluacion`;
  await page.goto(quiz);
  const standing = page.locator("dl");
  await expect(standing).toContainText("Intentos0 de 2");
  await expect(standing).toContainText("Te quedan 2 intentos.");
  await expectNoAxeViolations(page, quiz, project.use.javaScriptEnabled !== false);

  await page.getByLabel("No").check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "0% · No aprobado" })).toBeVisible();
  await expect(standing).toContainText("Te queda 1 intento.");
  // Review 'puntaje': the score only, no question marked.
  await expect(page.getByText("✗ Incorrecta")).toHaveCount(0);
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await page.getByLabel("No").check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "0% · No aprobado" })).toBeVisible();
  await expect(standing).toContainText("No te quedan intentos en esta evaluación.");
  await expect(page.getByRole("link", { name: "Intentar nuevamente" })).toHaveCount(0);

  // Back on the page: the standing, no form.
  await page.goto(quiz);
  await expect(standing).toContainText("Intentos2 de 2");
  await expect(page.getByRole("button", { name: "Terminar evaluación" })).toHaveCount(0);
  await expectNoAxeViolations(page, quiz, project.use.javaScriptEnabled !== false);
});

test("evaluación con banco, barajada y con tiempo límite: comenzar, responder, ver el resultado", async ({
  page,
  request,
}, { project }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const bearer = async (credentials: { correo: string; password: string }) => {
    const response = await request.post("/api/auth/login", { data: credentials });
    return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  };
  const admin = await bearer(ADMIN);
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo: `Banco ${project.name} ${Date.now().toString(36)}`,
      duracionHoras: "1",
      dirigidoA: "comunidad",
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify([
        {
          titulo: "Reciclaje",
          barajar: true,
          preguntasPorIntento: 2,
          tiempoLimiteMin: 30,
          quiz: ["vidrio", "papel", "cartón"].map((m) => ({
            texto: `¿Se recicla el ${m}?`,
            opciones: ["Sí", "No"],
            respuestaCorrecta: 0,
          })),
        },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cursoId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${cursoId}/publicar`, { headers: admin })).status()).toBe(200);
  const user = await approvedUser(request, "comunidad");
  const enrolled = await request.post(`/api/cursos/${cursoId}/registrarParticipante`, { headers: await bearer(user) });
  expect(enrolled.status()).toBe(201);

  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  const quiz = `/cursos/${cursoId}/modulos/0/evaluacion`;
  await page.goto(quiz);
  await expect(page.getByText("Cada intento tiene 2 preguntas elegidas al azar.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Terminar evaluación" })).toHaveCount(0);
  await expectNoAxeViolations(page, quiz, project.use.javaScriptEnabled !== false);
  await page.getByRole("button", { name: "Comenzar intento" }).click();

  // The end time without JavaScript; the countdown with it (its value is the clock's, not checked).
  await expect(page.getByText(/Este intento termina el \d\d-\d\d-\d{4}, \d\d:\d\d \(hora de Chile\)/)).toBeVisible();
  await expect(page.getByRole("timer")).toHaveCount(project.use.javaScriptEnabled === false ? 0 : 1);
  const questions = page.locator("fieldset");
  await expect(questions).toHaveCount(2);
  await expectNoAxeViolations(page, quiz, project.use.javaScriptEnabled !== false);
  for (const question of await questions.all()) await question.getByLabel("Sí").check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "100% · Aprobado" })).toBeVisible();
  await expect(page.getByText("2 de 2 respuestas correctas.")).toBeVisible();
  await expect(page.getByText("✓ Correcta")).toHaveCount(2);

  // Another attempt starts afresh.
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(page.getByRole("button", { name: "Comenzar intento" })).toBeVisible();
});

test("respuesta corta y numérica sin JavaScript: se crean en el editor y un estudiante las responde @sin-js", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const login = await request.post("/api/auth/login", { data: ADMIN });
  const admin = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo: `Tipos de pregunta ${Date.now().toString(36)}`,
      duracionHoras: "1",
      dirigidoA: "comunidad",
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify([{ titulo: "Medidas" }]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cursoId = ((await created.json()) as { id: string }).id;

  // The editor, without JavaScript: a short-answer question, then a numeric one refused once.
  const editor = await adminPage(browser, false);
  try {
    const ep = editor.page;
    await ep.setViewportSize({ width: 360, height: 800 });
    await ep.goto(`/docente/cursos/${cursoId}/editar`);
    const add = async (tipo: string) => {
      await ep.getByRole("link", { name: "+ Agregar pregunta" }).click();
      const q = ep.locator("form[id^=pregunta-nueva-]");
      await q.getByLabel("Tipo de respuesta").selectOption({ label: tipo });
      await q.getByRole("button", { name: "Cambiar tipo" }).click();
      return ep.locator("form[id^=pregunta-nueva-]");
    };
    let q = await add("Respuesta corta");
    await q.getByLabel("Pregunta").fill("¿Capital de Chile?");
    await q.getByLabel("Respuesta aceptada 1", { exact: true }).fill("Santiago");
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(ep.getByText("1. ¿Capital de Chile?")).toBeVisible();
    q = await add("Numérica");
    await q.getByLabel("Pregunta").fill("¿π con dos decimales?");
    await q.getByLabel("Respuesta correcta (número)").fill("tres");
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(
      q.getByText("Ingresa el valor correcto como número, por ejemplo 3,14 (hasta 15 cifras)."),
    ).toBeVisible();
    await expect(q.getByLabel("Pregunta")).toHaveValue("¿π con dos decimales?");
    await q.getByLabel("Respuesta correcta (número)").fill("3,14");
    await q.getByLabel(/^Tolerancia/).fill("0,01");
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(ep.getByText("Numérica: 3,14 ± 0,01")).toBeVisible();
  } finally {
    await editor.close();
  }
  expect((await request.put(`/api/cursos/${cursoId}/publicar`, { headers: admin })).status()).toBe(200);
  const user = await approvedUser(request, "comunidad");
  const token = ((await (await request.post("/api/auth/login", { data: user })).json()) as { token: string }).token;
  const enrolled = await request.post(`/api/cursos/${cursoId}/registrarParticipante`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enrolled.status()).toBe(201);

  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  const quiz = `/cursos/${cursoId}/modulos/0/evaluacion`;
  await page.goto(quiz);
  await expect(page.getByLabel(/un número/)).toHaveAttribute("inputmode", "decimal");
  await expectNoAxeViolations(page, quiz, false);
  await page.getByLabel("Tu respuesta", { exact: true }).fill("  SANTIAGO ");
  await page.getByLabel(/un número/).fill("3.15");
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await expect(page.getByRole("heading", { name: "100% · Aprobado" })).toBeVisible();
  await expect(page.getByText("✓ Correcta")).toHaveCount(2);
});
