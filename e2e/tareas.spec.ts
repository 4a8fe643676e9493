// Tareas (docs/product.md#tareas), at 360 px, JavaScript off and on.
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./axe.ts";
import { e2eDb } from "./e2e-db.ts";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
const PHONE = { width: 360, height: 740 };

/** A course with one module, its teacher, and an enrolled learner. */
async function courseWithLearner(request: APIRequestContext, titulo: string) {
  const { id, teacherAccount } = await publishedCourseWithTeacher(request, titulo, ["Fracciones"]);
  const learnerAccount = await approvedUser(request, "estudiante", "Alumna");
  const { token } = (await (
    await request.post("/api/auth/login", {
      data: { correo: learnerAccount.correo, password: learnerAccount.password },
    })
  ).json()) as { token: string };
  const enrol = await request.post(`/api/cursos/${id}/registrarParticipante`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);
  return { id, teacherAccount, learnerAccount };
}

test.describe("poner una tarea", () => {
  test.use({ viewport: PHONE });

  // Setting a tarea (docs/product.md#setting-a-tarea): the plain form, a rubric without JavaScript.
  test("el profesor/a pone una tarea con rúbrica sin JavaScript y la estudiante la ve en el curso @sin-js", async ({
    browser,
    request,
  }) => {
    const titulo = `Curso con tareas ${Date.now()}`;
    const { id, teacherAccount, learnerAccount } = await courseWithLearner(request, titulo);
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ javaScriptEnabled: false })));
    const [teacher, learner] = await Promise.all(contexts.map((c) => c.newPage()));
    try {
      await signIn(teacher!, teacherAccount.correo, teacherAccount.password);
      await teacher!.goto(`/docente/cursos/${id}/editar`);
      await teacher!.getByRole("link", { name: "Tareas", exact: true }).click();
      await expect(teacher!).toHaveURL(new RegExp(`/docente/cursos/${id}/tareas$`));
      const form = teacher!.getByRole("region", { name: "Nueva tarea" });

      // A rubric criterion with one level only: told which criterion, what was typed stays.
      await form.getByLabel("Título").fill("Guía de fracciones");
      await form.getByLabel("Instrucciones (opcional)").fill("Resuelve la guía: https://ejemplo.cl/guia");
      await form.getByLabel("Dónde aparece").selectOption({ label: "Fracciones" });
      await form.getByLabel("Fecha límite (opcional, hora de Chile)").fill("2030-12-05T23:59");
      await form.getByLabel("Rúbrica (la nota sale de los niveles elegidos)").check();
      await form.locator("summary", { hasText: "Rúbrica" }).click();
      await form.getByLabel("Nombre del criterio 1").fill("Procedimiento");
      await form.getByLabel("Nivel 1").first().fill("Inicial");
      await form.getByLabel("Puntos").first().fill("1");
      await form.getByRole("button", { name: "Crear tarea" }).click();
      await expect(teacher!.getByText("Criterio 1: Cada criterio necesita al menos dos niveles.")).toBeVisible();
      await expect(form.getByLabel("Título")).toHaveValue("Guía de fracciones");
      await expect(form.getByLabel("Nombre del criterio 1")).toHaveValue("Procedimiento");

      await form.getByLabel("Nivel 2").first().fill("Logrado");
      await form.getByLabel("Puntos").nth(1).fill("3");
      await form.getByRole("button", { name: "Crear tarea" }).click();
      await expect(
        teacher!.getByText("Tarea creada. Sus estudiantes la ven en la página del curso y reciben un aviso."),
      ).toBeVisible();
      await expect(teacher!.getByRole("heading", { name: "Guía de fracciones" })).toBeVisible();
      await expect(teacher!.getByText("Fecha límite: 05-12-2030, 23:59", { exact: false })).toBeVisible();

      // The learner finds it on the course page with its due date, and its link leads to its page.
      await signIn(learner!, learnerAccount.correo, learnerAccount.password);
      await learner!.goto(`/cursos/${id}`);
      const tareas = learner!.getByRole("region", { name: "Tareas" });
      const link = tareas.getByRole("link", { name: /Guía de fracciones/ });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", new RegExp(`^/cursos/${id}/tareas/c[a-z0-9]+$`));
      await expect(tareas.getByText("Fecha límite: 05-12-2030, 23:59")).toBeVisible();
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });

  test("las páginas de tareas pasan axe en un teléfono @con-js", async ({ page, request }) => {
    const { id, teacherAccount } = await courseWithLearner(request, `Curso con tareas axe ${Date.now()}`);
    await signIn(page, teacherAccount.correo, teacherAccount.password);
    await page.goto(`/docente/cursos/${id}/tareas`);
    const form = page.getByRole("region", { name: "Nueva tarea" });
    await form.getByLabel("Título").fill("Maqueta");
    await form.getByRole("button", { name: "Crear tarea" }).click();
    const edit = page.getByRole("link", { name: "Editar la tarea «Maqueta»" });
    await expect(edit).toBeVisible();
    const editHref = (await edit.getAttribute("href"))!;
    for (const path of [`/docente/cursos/${id}/tareas`, editHref, `${editHref}?eliminar=1`, `/cursos/${id}`]) {
      await expectNoAxeViolations(page, path, true);
    }
  });
});

// Handing in (docs/product.md#handing-in): a learner hands in a text and a photo from the camera
// input; without JavaScript a plain multipart POST, with it a progress bar on a slow upload; the
// photo comes back reduced and without its location, to its author only; 'Anular entrega'; axe clean.
test.describe("entregar", () => {
  test("una estudiante entrega un texto y una foto desde el teléfono, y la anula", async ({
    browser,
    request,
    javaScriptEnabled: js,
  }) => {
    const { id } = await publishedCourseWithTeacher(request, `Curso con tareas ${js ? "con" : "sin"} JS ${Date.now()}`);
    const tarea = await e2eDb().assignment.create({
      data: { cursoId: id, titulo: "Guía de fracciones", instrucciones: "Resuelve la guía: https://ejemplo.cl/guia" },
    });
    const [learnerAccount, outsiderAccount] = [
      await approvedUser(request, "estudiante", "Alumna"),
      await approvedUser(request, "estudiante", "Otra"),
    ];
    const login = await request.post("/api/auth/login", {
      data: { correo: learnerAccount.correo, password: learnerAccount.password },
    });
    const { token } = (await login.json()) as { token: string };
    const enrol = await request.post(`/api/cursos/${id}/registrarParticipante`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(enrol.status(), await enrol.text()).toBe(201);
    // A phone's photo with its position: with JavaScript a bigger one (noise), sent slowly, to see progress.
    const photo = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#336699",
        ...(js && { noise: { type: "gaussian" as const, mean: 128, sigma: 40 } }),
      },
    })
      .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 26/1 0/1" } })
      .jpeg({ quality: 90 })
      .toBuffer();

    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const path = `/cursos/${id}/tareas/${tarea.id}`;
    try {
      await signIn(page, learnerAccount.correo, learnerAccount.password);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Guía de fracciones" })).toBeVisible();
      const entrega = page.getByRole("region", { name: "Tu entrega" });
      await expect(entrega.getByText("Asignada", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "https://ejemplo.cl/guia" })).toHaveAttribute(
        "rel",
        "noopener noreferrer nofollow",
      );
      await expect(page.getByText("Hasta 10 archivos y 25 MB en total", { exact: false })).toBeVisible();
      await expect(page.getByLabel("Tomar una foto")).toHaveAttribute("capture", "environment");
      await expect(page.getByLabel("Agregar archivos")).toHaveAttribute("accept", "image/*,application/pdf");

      await page.getByLabel("Tu respuesta").fill("Resolví los ejercicios 1 a 5.");
      await page
        .getByLabel("Tomar una foto")
        .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
      if (js) {
        // Sent by the page's script once it runs (before that, the plain form would go).
        await page.locator("form[data-con-progreso]").waitFor({ state: "attached" });
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: 64 * 1024,
        });
        await page.getByRole("button", { name: "Entregar", exact: true }).click();
        await expect(page.getByRole("progressbar", { name: "Progreso de la entrega" })).toBeVisible();
        await expect(page.getByRole("button", { name: "Enviando..." })).toBeDisabled();
        await expect(entrega.getByRole("status").filter({ hasText: "Tarea entregada." })).toBeVisible({
          timeout: 60_000,
        });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      } else {
        await page.getByRole("button", { name: "Entregar", exact: true }).click();
        await expect(page.getByText("Tarea entregada.")).toBeVisible();
      }
      await expect(entrega.getByText("Entregada", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Tu respuesta")).toHaveValue("Resolví los ejercicios 1 a 5.");
      const link = entrega.getByRole("link", { name: "foto.jpg" });
      const url = (await link.getAttribute("href"))!;
      const file = await page.request.get(url);
      expect(file.headers()["content-type"]).toBe("image/jpeg");
      const meta = await sharp(await file.body()).metadata();
      expect([meta.width, meta.exif]).toEqual([800, undefined]);
      await expectNoAxeViolations(page, path, js);
      // 360 px first: nothing scrolls sideways, with a file listed.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Another learner gets what an unknown file gets.
      if (!js) {
        const other = await browser.newContext({ javaScriptEnabled: false });
        await signIn(await other.newPage(), outsiderAccount.correo, outsiderAccount.password);
        expect((await other.request.get(url)).status()).toBe(404);
        await other.close();
      }

      await page.getByRole("button", { name: "Anular entrega" }).click();
      await expect(entrega.getByText("Asignada", { exact: true })).toBeVisible();
      // With JavaScript the message fades after 3 s (docs/product.md#working-without-javascript).
      if (!js) await expect(page.getByText("Entrega anulada", { exact: false })).toBeVisible();
      await expect(entrega.getByRole("link", { name: "foto.jpg" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

// Returning a hand-in (docs/product.md#returning-a-hand-in), JS off and on: the hand-in waits in
// 'Para revisar'; the teacher opens it, returns it with a nota and a comment (a plain form POST
// without JavaScript); the class view shows it returned and the gradebook the tarea's nota.
test.describe("devolver", () => {
  test("la profesora devuelve una entrega con nota y comentario", async ({ page, request, javaScriptEnabled: js }) => {
    const titulo = `Curso con tareas ${js ? "con" : "sin"} JS ${Date.now()}`;
    const { id: cursoId, teacherAccount } = await publishedCourseWithTeacher(request, titulo);
    const learner = await approvedUser(request, "estudiante", "Amanda", { apellido: "Rivas" });
    const login = await request.post("/api/auth/login", {
      data: { correo: learner.correo, password: learner.password },
    });
    const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    expect((await request.post(`/api/cursos/${cursoId}/registrarParticipante`, { headers: auth })).status()).toBe(201);
    // The tarea, its gradebook column and the hand-in as the other parts write them: direct rows.
    const columna = await e2eDb().gradeColumn.create({
      data: { cursoId, nombre: "Guía de fracciones", posicion: 0, tipo: "tarea" },
    });
    const tarea = await e2eDb().assignment.create({
      data: { cursoId, titulo: "Guía de fracciones", columnaId: columna.id },
    });
    await e2eDb().submission.create({
      data: {
        tareaId: tarea.id,
        cursoId,
        userId: learner.id,
        texto: "Resolví los cinco ejercicios.",
        estado: "entregada",
        entregadaEn: new Date(),
      },
    });

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, teacherAccount.correo, teacherAccount.password);
    await page.goto("/docente/revisar");
    const waiting = page.getByRole("region", { name: "Entregas por revisar" });
    await expect(waiting).toContainText(titulo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, "/docente/revisar", js);

    await waiting.getByRole("link", { name: "Rivas, Amanda: Guía de fracciones" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rivas, Amanda" })).toBeVisible();
    await expect(page.getByText("Resolví los cinco ejercicios.")).toBeVisible();
    await expectNoAxeViolations(page, page.url(), js);
    // A nota off the scale keeps what was typed and says why.
    await page.getByLabel("Nota", { exact: true }).fill("8");
    await page.getByLabel(/^Comentario/).fill("Revisa el ejercicio 3.");
    await page.getByRole("button", { name: "Devolver" }).click();
    await expect(page.getByText("Escribe una nota de 1,0 a 7,0")).toBeVisible();
    await expect(page.getByLabel(/^Comentario/)).toHaveValue("Revisa el ejercicio 3.");
    await page.getByLabel("Nota", { exact: true }).fill("6,5");
    await page.getByRole("button", { name: "Devolver" }).click();
    await expect(page.getByText("Entrega devuelta: se le avisó a la persona.")).toBeVisible();
    await expect(page.getByText("Devuelta", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("link", { name: "← Entregas de Guía de fracciones" }).click();
    const row = page.getByRole("listitem").filter({ hasText: "Rivas, Amanda" });
    await expect(row).toContainText("Devuelta");
    await expect(row).toContainText("Nota 6,5");
    await expectNoAxeViolations(page, page.url(), js);
    await row.getByRole("link", { name: "Escribir a Rivas, Amanda" }).click();
    await expect(page.getByLabel("Correo del destinatario")).toHaveValue(learner.correo);
    await expect(page.getByLabel("Asunto")).toHaveValue("Tarea: Guía de fracciones");
    await page.goto(`/docente/cursos/${cursoId}/calificaciones`);
    await expect(page.getByRole("cell", { name: "Nota 6,5" }).first()).toBeVisible();
    // The tarea's column is read-only there: its header leads to the hand-ins.
    await expect(page.locator("th a", { hasText: "Guía de fracciones (tarea)" })).toHaveAttribute(
      "href",
      `/docente/cursos/${cursoId}/tareas/${tarea.id}/entregas`,
    );
  });
});
