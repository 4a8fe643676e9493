import { expect, test, type Page } from "@playwright/test";
import { adminPage, approvedUser, PNG_1PX, signIn } from "./support.ts";

// A one-page PDF made in code (no binary fixtures in the repository; the PNG is support.ts's).
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test.describe.configure({ timeout: 120_000 });

/** The module card whose heading names it. */
function moduleCard(page: Page, title: string) {
  return page
    .locator("li[id^=modulo-]")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^Módulo \\d+: ${title}$`) }) });
}

test("el admin crea un curso con módulo, PDF, enlace y evaluación; lo publica; un estudiante se inscribe", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso E2E ${js ? "con" : "sin"} JS ${Date.now()}`;
  const admin = await adminPage(browser, js);
  const page = admin.page;
  try {
    await page.getByRole("link", { name: "+ Crear curso" }).click();
    await expect(page.getByRole("heading", { name: "Crear curso" })).toBeVisible();
    if (js) await page.locator("form#crear-curso[novalidate]").waitFor({ state: "attached" });
    const form = page.locator("form#crear-curso");

    // Refused by the server: no image, dates in the wrong order. Typed values come back.
    await form.getByLabel("Título del curso").fill(titulo);
    await form.getByLabel("Bienvenida").fill("Bienvenidos al curso de prueba.");
    await form.getByLabel("Duración (horas)").fill("12");
    await form.getByLabel("Dirigido a").selectOption("estudiante");
    await form.getByLabel("Fecha de inicio").fill("2027-03-10");
    await form.getByLabel("Fecha de término").fill("2027-03-01");
    await form.getByLabel("Herramientas (una por línea)").fill("  Planilla \n\nplanilla\nNavegador web");
    await form.getByLabel("Lo que aprenderán (uno por línea)").fill("Ordenar datos\nOrdenar datos");
    await form.getByRole("button", { name: "Crear curso" }).click();
    await expect(page.getByText("La imagen del curso es obligatoria.")).toBeVisible();
    await expect(
      page.getByText("La fecha de inicio no puede ser mayor que la fecha de término.").first(),
    ).toBeVisible();
    await expect(form.getByLabel("Título del curso")).toHaveValue(titulo);
    await expect(form.getByLabel("Dirigido a")).toHaveValue("estudiante");

    // A good image with a bad date: the refusal says that the image must be chosen again.
    await form
      .getByLabel("Imagen del curso (obligatoria)")
      .setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: PNG_1PX });
    await form.getByRole("button", { name: "Crear curso" }).click();
    await expect(
      page.getByText("Vuelve a elegir la imagen: el navegador no la conserva cuando el formulario tiene errores."),
    ).toBeVisible();
    await expect(form.getByLabel("Título del curso")).toHaveValue(titulo);
    if (js) {
      // With JavaScript an image over the limit is refused as soon as it is chosen.
      await form
        .getByLabel("Imagen del curso (obligatoria)")
        .setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024) });
      await expect(page.getByText("La imagen supera el máximo de 5 MB.")).toBeVisible();
      await expect(form.getByLabel("Imagen del curso (obligatoria)")).toHaveValue("");
    }

    await form.getByLabel("Fecha de término").fill("2027-06-30");
    await form
      .getByLabel("Imagen del curso (obligatoria)")
      .setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: PNG_1PX });
    await form.getByRole("button", { name: "Crear curso" }).click();
    await expect(page).toHaveURL(/\/docente\/cursos\/[^/]+\/editar$/);
    await expect(page.getByText("Curso creado. Agrega sus módulos y publícalo cuando esté listo.")).toBeVisible();
    const edit = page.locator("form#editar-curso");
    await expect(edit.getByLabel("Herramientas (una por línea)")).toHaveValue("Planilla\nNavegador web");
    await expect(edit.getByLabel("Lo que aprenderán (uno por línea)")).toHaveValue("Ordenar datos");
    const editorUrl = page.url();

    // A module.
    const newModule = page.locator("form").filter({ has: page.getByRole("button", { name: "Agregar módulo" }) });
    await newModule.getByLabel("Título del módulo").fill("Primeros pasos");
    await newModule.getByLabel("Descripción").fill("Lo básico.");
    await newModule.getByRole("button", { name: "Agregar módulo" }).click();
    await expect(page.getByText("Módulo agregado.")).toBeVisible();
    const mod = moduleCard(page, "Primeros pasos");
    await expect(mod).toHaveCount(1);

    // A PDF.
    await mod
      .getByLabel("Agregar archivos PDF")
      .setInputFiles({ name: "guía del módulo.pdf", mimeType: "application/pdf", buffer: PDF });
    await mod.getByRole("button", { name: "Subir archivos" }).click();
    await expect(page.getByText("Archivo agregado.")).toBeVisible();
    await expect(moduleCard(page, "Primeros pasos").getByText("guía del módulo.pdf")).toBeVisible();

    // A link: a non-http URL is refused, then a good one.
    await moduleCard(page, "Primeros pasos").getByLabel("Nombre del enlace").fill("Documentación");
    await moduleCard(page, "Primeros pasos").getByLabel("URL").fill("ftp://ejemplo.cl/archivo");
    await moduleCard(page, "Primeros pasos").getByRole("button", { name: "Agregar enlace" }).click();
    await expect(page.getByText("Ingresa una URL válida que empiece con http:// o https://.")).toBeVisible();
    await expect(moduleCard(page, "Primeros pasos").getByLabel("Nombre del enlace")).toHaveValue("Documentación");
    await moduleCard(page, "Primeros pasos").getByLabel("URL").fill("https://ejemplo.cl/docs");
    await moduleCard(page, "Primeros pasos").getByRole("button", { name: "Agregar enlace" }).click();
    await expect(moduleCard(page, "Primeros pasos").getByRole("link", { name: "Documentación" })).toHaveAttribute(
      "href",
      "https://ejemplo.cl/docs",
    );

    // Question 1: two options, the second correct.
    await moduleCard(page, "Primeros pasos").getByRole("link", { name: "+ Agregar pregunta" }).click();
    let q = page.locator("form[id^=pregunta-nueva-]");
    await q.getByLabel("Pregunta").fill("¿Cuánto es 2 + 2?");
    await q.getByLabel("Opción 1", { exact: true }).fill("3");
    await q.getByLabel("Opción 2", { exact: true }).fill("4");
    await q.getByLabel("Opción 2 es la correcta").check();
    // Only two options: none can be removed.
    await expect(q.getByRole("button", { name: /Quitar opción/ })).toHaveCount(0);
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(page.getByText("Curso actualizado con éxito")).toBeVisible();
    await expect(moduleCard(page, "Primeros pasos").getByText("1. ¿Cuánto es 2 + 2?")).toBeVisible();

    // Question 2: a third option added and marked correct, then removed → the first becomes correct.
    await moduleCard(page, "Primeros pasos").getByRole("link", { name: "+ Agregar pregunta" }).click();
    q = page.locator("form[id^=pregunta-nueva-]");
    await q.getByLabel("Pregunta").fill("¿Qué color tiene el cielo despejado?");
    await q.getByLabel("Opción 1", { exact: true }).fill("Azul");
    await q.getByLabel("Opción 2", { exact: true }).fill("Verde");
    await q.getByRole("button", { name: "+ Agregar opción" }).click();
    await expect(q.getByLabel("Opción 3", { exact: true })).toHaveValue("");
    await expect(q.getByLabel("Pregunta")).toHaveValue("¿Qué color tiene el cielo despejado?");
    await q.getByLabel("Opción 3", { exact: true }).fill("Rojo");
    await q.getByLabel("Opción 3 es la correcta").check();
    await q.getByRole("button", { name: "Quitar opción 3" }).click();
    await expect(q.getByLabel("Opción 3", { exact: true })).toHaveCount(0);
    await expect(q.getByLabel("Opción 1 es la correcta")).toBeChecked();
    await expect(q.getByLabel("Opción 2", { exact: true })).toHaveValue("Verde");
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(moduleCard(page, "Primeros pasos").getByText("2. ¿Qué color tiene el cielo despejado?")).toBeVisible();

    // Questions change places and back.
    await moduleCard(page, "Primeros pasos").getByRole("button", { name: "Bajar pregunta 1" }).click();
    await expect(moduleCard(page, "Primeros pasos").getByText("1. ¿Qué color tiene el cielo despejado?")).toBeVisible();
    await moduleCard(page, "Primeros pasos").getByRole("button", { name: "Subir pregunta 2" }).click();
    await expect(moduleCard(page, "Primeros pasos").getByText("1. ¿Cuánto es 2 + 2?")).toBeVisible();

    // Edit question 1 in place: new text, an option added then removed, an empty option refused first.
    await moduleCard(page, "Primeros pasos").getByRole("link", { name: "Editar pregunta 1" }).click();
    q = page.locator("form[id^=pregunta-]").filter({ has: page.getByRole("heading", { name: "Editar pregunta 1" }) });
    await expect(q.getByLabel("Opción 2 es la correcta")).toBeChecked();
    await q.getByLabel("Pregunta").fill("¿Cuánto es dos más dos?");
    await q.getByRole("button", { name: "+ Agregar opción" }).click();
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(q.getByText("Completa el texto de todas las opciones.")).toBeVisible();
    await expect(q.getByLabel("Pregunta")).toHaveValue("¿Cuánto es dos más dos?");
    await q.getByRole("button", { name: "Quitar opción 3" }).click();
    await expect(q.getByLabel("Opción 3", { exact: true })).toHaveCount(0);
    await expect(q.getByLabel("Opción 2 es la correcta")).toBeChecked();
    await q.getByRole("button", { name: "Guardar pregunta" }).click();
    await expect(moduleCard(page, "Primeros pasos").getByText("1. ¿Cuánto es dos más dos?")).toBeVisible();
    await expect(page.locator("form[id^=pregunta-]")).toHaveCount(0);

    // Publish from the course table.
    await page.goto("/admin/courses");
    const row = page.getByRole("row").filter({ hasText: titulo });
    await row.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByText("Curso publicado.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: titulo }).getByText("Publicado")).toBeVisible();

    // An estudiante sees it, enrols and finds the materials.
    const student = await approvedUser(request, "estudiante", "Estudiante Autoría");
    const context = await browser.newContext({ javaScriptEnabled: js });
    const sp = await context.newPage();
    await signIn(sp, student.correo, student.password);
    await expect(sp).toHaveURL(/\/user$/);
    await sp.goto(editorUrl.replace(/\/docente\/cursos\/([^/]+)\/editar.*$/, "/cursos/$1"));
    await expect(sp.getByRole("heading", { name: titulo })).toBeVisible();
    await sp.getByRole("button", { name: "Comenzar Curso" }).first().click();
    await expect(sp.getByText("¡Registro exitoso!")).toBeVisible();
    await sp.getByRole("region", { name: "Módulos" }).getByText("Primeros pasos").first().click();
    await expect(sp.getByRole("link", { name: "Documentación" })).toBeVisible();
    await context.close();

    // The admin sees the participant and downloads the CSV.
    await page.goto("/admin/courses");
    await page.getByRole("row").filter({ hasText: titulo }).getByRole("link", { name: "Participantes" }).click();
    await expect(page.getByRole("cell", { name: student.correo })).toBeVisible();
    const csv = await page.request.get((await page.getByRole("link", { name: "Descargar CSV" }).getAttribute("href"))!);
    expect(await csv.text()).toContain(student.correo);
  } finally {
    await admin.close();
  }
});

test("el editor: reordenar y eliminar módulos y archivos con confirmación", async ({
  browser,
  javaScriptEnabled: js,
}) => {
  const admin = await adminPage(browser, js);
  const page = admin.page;
  try {
    await page.getByRole("link", { name: "+ Crear curso" }).click();
    if (js) await page.locator("form#crear-curso[novalidate]").waitFor({ state: "attached" });
    const form = page.locator("form#crear-curso");
    await form.getByLabel("Título del curso").fill(`Orden ${js ? "JS" : "sin JS"} ${Date.now()}`);
    await form.getByLabel("Duración (horas)").fill("0");
    await form
      .getByLabel("Imagen del curso (obligatoria)")
      .setInputFiles({ name: "p.png", mimeType: "image/png", buffer: PNG_1PX });
    await form.getByRole("button", { name: "Crear curso" }).click();
    await expect(page).toHaveURL(/\/docente\/cursos\/[^/]+\/editar/);

    for (const title of ["Alfa", "Beta"]) {
      const add = page.locator("form").filter({ has: page.getByRole("button", { name: "Agregar módulo" }) });
      await add.getByLabel("Título del módulo").fill(title);
      await add.getByRole("button", { name: "Agregar módulo" }).click();
      await expect(moduleCard(page, title)).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: "Módulo 1: Alfa" })).toBeVisible();
    await page.getByRole("button", { name: "Bajar módulo 1" }).click();
    await expect(page.getByRole("heading", { name: "Módulo 1: Beta" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Módulo 2: Alfa" })).toBeVisible();

    // A module title cannot be emptied (the server says so; the browser check is bypassed with JS).
    const beta = moduleCard(page, "Beta");
    await beta.getByLabel("Título del módulo").fill("   ");
    await beta.getByRole("button", { name: "Guardar módulo" }).click();
    await expect(page.getByText("El título del módulo es obligatorio.")).toBeVisible();

    // A text file named .pdf passes the browser's check but not the server's (magic bytes).
    await moduleCard(page, "Alfa")
      .getByLabel("Agregar archivos PDF")
      .setInputFiles({ name: "falso.pdf", mimeType: "application/pdf", buffer: Buffer.from("no soy un PDF") });
    await moduleCard(page, "Alfa").getByRole("button", { name: "Subir archivos" }).click();
    await expect(page.getByText("Solo se permite subir archivos PDF.")).toBeVisible();
    await expect(moduleCard(page, "Alfa").getByText("falso.pdf")).toHaveCount(0);

    await moduleCard(page, "Alfa")
      .getByLabel("Agregar archivos PDF")
      .setInputFiles({ name: "a.pdf", mimeType: "application/pdf", buffer: PDF });
    await moduleCard(page, "Alfa").getByRole("button", { name: "Subir archivos" }).click();
    await expect(moduleCard(page, "Alfa").getByText("a.pdf")).toBeVisible();
    await moduleCard(page, "Alfa").getByRole("link", { name: "Eliminar archivo a.pdf" }).click();
    const fileDialog = page.getByRole("dialog", { name: "¿Eliminar archivo?" });
    await expect(fileDialog).toBeVisible();
    await fileDialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
    await expect(page.getByText("Archivo eliminado.")).toBeVisible();
    await expect(moduleCard(page, "Alfa").getByText("a.pdf")).toHaveCount(0);

    await moduleCard(page, "Alfa").getByRole("link", { name: "Eliminar módulo" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Eliminar módulo?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
    await expect(page.getByText("Módulo eliminado.")).toBeVisible();
    await expect(moduleCard(page, "Alfa")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Módulos (1)" })).toBeVisible();

    // Publishing from the editor too.
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByText("Curso publicado.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Editar curso/ }).getByText("Publicado")).toBeVisible();
    await expect(page.getByRole("button", { name: "Publicar" })).toHaveCount(0);
  } finally {
    await admin.close();
  }
});

test.describe("con JavaScript @con-js", () => {
  test("los PDF de un módulo suben con barra de progreso; una caída de la conexión se informa", async ({ browser }) => {
    const admin = await adminPage(browser, true);
    const page = admin.page;
    try {
      await page.getByRole("link", { name: "+ Crear curso" }).click();
      await page.locator("form#crear-curso[novalidate]").waitFor({ state: "attached" });
      const form = page.locator("form#crear-curso");
      await form.getByLabel("Título del curso").fill(`Progreso ${Date.now()}`);
      await form.getByLabel("Duración (horas)").fill("2");
      await form
        .getByLabel("Imagen del curso (obligatoria)")
        .setInputFiles({ name: "p.png", mimeType: "image/png", buffer: PNG_1PX });
      await form.getByRole("button", { name: "Crear curso" }).click();
      await expect(page).toHaveURL(/\/docente\/cursos\/[^/]+\/editar/);
      const add = page.locator("form").filter({ has: page.getByRole("button", { name: "Agregar módulo" }) });
      await add.getByLabel("Título del módulo").fill("Con archivos");
      await add.getByRole("button", { name: "Agregar módulo" }).click();
      const mod = moduleCard(page, "Con archivos");
      await expect(mod).toHaveCount(1);

      const files = "**/docente/cursos/*/editar/archivos";
      await page.route(files, (route) => route.abort("connectionreset"));
      await mod
        .getByLabel("Agregar archivos PDF")
        .setInputFiles({ name: "uno.pdf", mimeType: "application/pdf", buffer: PDF });
      await mod.getByRole("button", { name: "Subir archivos" }).click();
      await expect(mod.getByText("Error al conectar con el servidor.")).toBeVisible();
      await page.unroute(files);

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(files, async (route) => {
        await held;
        await route.continue();
      });
      await mod.getByLabel("Agregar archivos PDF").setInputFiles([
        { name: "uno.pdf", mimeType: "application/pdf", buffer: PDF },
        { name: "dos.pdf", mimeType: "application/pdf", buffer: PDF },
      ]);
      await mod.getByRole("button", { name: "Subir archivos" }).click();
      await expect(mod.getByRole("button", { name: "Subiendo..." })).toBeDisabled();
      await expect(mod.getByRole("progressbar", { name: "Progreso de la subida" })).toBeVisible();
      release();
      await expect(mod.getByText("2 archivos agregados.")).toBeVisible();
      await expect(mod.getByRole("progressbar")).toHaveCount(0);
      await expect(mod.getByText("uno.pdf")).toBeVisible();
      await expect(mod.getByText("dos.pdf")).toBeVisible();
      expect(page.url()).not.toContain("/archivos"); // no navigation: the page stayed
    } finally {
      await admin.close();
    }
  });
});
