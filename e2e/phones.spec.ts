import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { teacherClass } from "./class-db.ts";
import { ADMIN, approvedUser, PNG_1PX, signIn } from "./support.ts";

// Phones first, admin included: no page scrolls sideways at 320 or 360 px, with
// realistic long data (a long e-mail address, a long course title, a course with 10 modules, a
// long book title), with JavaScript (@con-js); going to a module, off and on. The pages are
// measured at 320 px: no breakpoint lies between 320 and 360 px (the first is sm, 640 px; app.css's
// below 40rem), so the same layout only gains room at 360 px.
test.describe.configure({ timeout: 240_000 });

const WIDTH = 320;

async function bearer(request: APIRequestContext, credentials: { correo: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function pdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

type LongData = {
  learner: { id: string; correo: string; password: string };
  courseId: string;
  fileId: string;
  bookId: string;
};

/** A learner with a long address (enrolled, with messages both ways), a long course of 10 modules, a long book. */
async function longData(request: APIRequestContext, tag: string): Promise<LongData> {
  const admin = await bearer(request, ADMIN);
  const suffix = `${tag}${Date.now().toString(36)}`;
  const correo = `maria.fernanda.gonzalez.soto.de.la.fuente.${suffix}@municipalidad-de-puerto-montt.cl`;
  const password = "clave de prueba larga";
  const registered = await request.post("/api/auth/register", {
    data: {
      nombre: "María Fernanda Guadalupe",
      apellido: "González Soto de la Fuente",
      correo,
      fechaNacimiento: "1990-03-14",
      rol: "docente",
      password,
      confirmarPassword: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const users = (await (await request.get("/api/auth/users", { headers: admin })).json()) as Array<{
    id: string;
    correo: string;
  }>;
  const id = users.find((u) => u.correo === correo)!.id;
  expect((await request.put(`/api/auth/approve/${id}`, { headers: admin })).status()).toBe(200);

  const titulo =
    `Transformación digital, interdisciplinariedad y sustentabilidad urbana para comunidades ` +
    `educativas de la Región de Los Lagos ${suffix}`;
  const modulos = Array.from({ length: 10 }, (_, i) => ({
    titulo: `Módulo ${i + 1}: planificación participativa de infraestructura verde y gestión de residuos domiciliarios`,
    descripcion: "Lectura, análisis de casos y una evaluación breve. https://www.municipalidad-de-puerto-montt.cl/",
    enlaces: [{ nombre: "Guía metodológica del Ministerio del Medio Ambiente", url: "https://mma.gob.cl/" }],
    quiz: [{ texto: "¿Cuánto es 2 + 2?", opciones: ["3", "4"], respuestaCorrecta: 1 }],
  }));
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo,
      bienvenida: "Bienvenida al curso. ".repeat(12),
      duracionHoras: "40",
      dirigidoA: "docente",
      herramientas: JSON.stringify(["Planillas de cálculo colaborativas", "Sistemas de información geográfica"]),
      loAprenderan: JSON.stringify(["Diseñar un proyecto de infraestructura verde con la comunidad escolar"]),
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify(modulos),
      archivosModulo_0: {
        name: "guia-de-planificacion-participativa-de-infraestructura-verde.pdf",
        mimeType: "application/pdf",
        buffer: await pdf(),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${courseId}/publicar`, { headers: admin })).status()).toBe(200);
  const detail = (await (await request.get(`/api/cursos/${courseId}`, { headers: admin })).json()) as {
    modulos: Array<{ archivosModulo: Array<{ url: string }> }>;
  };
  const fileId = detail.modulos[0]!.archivosModulo[0]!.url.split("/").pop()!;

  const learner = await bearer(request, { correo, password });
  expect((await request.post(`/api/cursos/${courseId}/registrarParticipante`, { headers: learner })).status()).toBe(
    201,
  );
  const subject = "Consulta sobre la planificación participativa de infraestructura verde";
  const toAdmin = await request.post("/api/mensajes", {
    headers: learner,
    data: { to: ADMIN.correo, subject, content: "Hola, ¿cuándo empieza el módulo 2?" },
  });
  expect(toAdmin.status(), await toAdmin.text()).toBe(201);
  const toLearner = await request.post("/api/mensajes", {
    headers: admin,
    data: { to: correo, subject: `Re: ${subject}`, content: "Empieza el lunes." },
  });
  expect(toLearner.status(), await toLearner.text()).toBe(201);
  const contact = await request.post("/api/mail/send", {
    data: { nombre: "María Fernanda González Soto de la Fuente", correo, mensaje: "Quisiera más información." },
  });
  expect(contact.status(), await contact.text()).toBe(200);

  const book = await request.post("/api/books/upload", {
    headers: admin,
    multipart: {
      title: `Manual de infraestructura verde y gestión comunitaria de residuos domiciliarios ${suffix}`,
      author: "Comisión Interdisciplinaria de Sustentabilidad Urbana de la Municipalidad de Puerto Montt",
      description: "Una guía extensa. ".repeat(20),
      pdf: { name: "manual.pdf", mimeType: "application/pdf", buffer: await pdf() },
    },
  });
  expect(book.status(), await book.text()).toBe(201);
  const bookId = ((await book.json()) as { book: { id: string } }).book.id;
  return { learner: { id, correo, password }, courseId, fileId, bookId };
}

/** Visits each path at WIDTH; returns the pages wider than the window, with the widest elements. */
async function sideways(page: Page, paths: string[]) {
  const found: string[] = [];
  await page.setViewportSize({ width: WIDTH, height: 740 });
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
      const w = window.innerWidth;
      const wide = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > w + 0.5)
        .slice(-3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 50)}`);
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: w, culprits: wide };
    });
    if (scrollWidth > innerWidth) found.push(`${path}: ${scrollWidth}px (${culprits.join(" | ")})`);
  }
  return found;
}

test("ninguna página se desplaza hacia el lado a 320 px (ni a 360), con datos largos @con-js", async ({
  page,
  request,
}) => {
  const data = await longData(request, "cj");
  const course = `/cursos/${data.courseId}`;

  const publicPages = [
    "/",
    "/cursos",
    "/cursos?destacados=true",
    "/cursos/docente",
    course,
    "/contacto",
    "/privacidad",
    "/certificados/verificar",
    "/login",
    "/registro",
    "/registro/enviado",
    "/no-existe",
  ];
  const problems = await sideways(
    page,
    publicPages.filter((p) => p !== "/no-existe"),
  );

  // The learner is a docente: they land on the teacher's panel (docs/product.md#course-teams).
  await signIn(page, data.learner.correo, data.learner.password);
  await expect(page).toHaveURL(/\/docente$/);
  problems.push(
    ...(await sideways(page, [
      "/docente",
      "/user",
      "/user/profile",
      "/user/courses",
      "/user/certificates",
      "/user/messages",
      "/user/messages?carpeta=enviados",
      "/biblioteca",
      `/biblioteca?ver=${data.bookId}`,
      course,
      `${course}?pdf=${data.fileId}#modulo-1`,
      `${course}/modulos/9/evaluacion`,
    ])),
  );

  await page.context().clearCookies();
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const q = encodeURIComponent(data.learner.correo);
  problems.push(
    ...(await sideways(page, [
      "/admin",
      `/docente/cursos/${data.courseId}/reportes`,
      `/docente/cursos/${data.courseId}/calificaciones`,
      "/admin/courses",
      "/docente/cursos/nuevo",
      `/docente/cursos/${data.courseId}/editar`,
      `/docente/cursos/${data.courseId}/participantes`,
      "/admin/records",
      `/admin/records?q=${q}&ver=${data.learner.id}`,
      "/admin/messages",
      "/admin/messages?carpeta=enviados",
      "/admin/contact-messages",
      "/admin/outbox",
      "/admin/library",
      `/admin/library?eliminar=${data.bookId}`,
      "/admin/profile",
    ])),
  );
  expect(problems).toEqual([]);
});

test("las dos páginas de importar listas no se desplazan hacia el lado a 320 px (ni a 360) @con-js", async ({
  page,
  request,
}) => {
  // Their file input was 388 px wide: 'Importar usuarios' and a class's 'Importar lista'.
  const teacher = await approvedUser(request, "docente", "Importa");
  const { cursoId, claseId } = await teacherClass(teacher.correo);
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const pages = ["/admin/records/importar", `/docente/cursos/${cursoId}/clases/${claseId}/importar`];
  expect(await sideways(page, pages)).toEqual([]);
  await expect(page.getByLabel("O sube un archivo CSV")).toBeVisible();
});

/** The visible menu buttons (a <summary>) in the page's header and main area. */
async function menuButtons(page: Page) {
  return page
    .locator("header summary:visible, main summary:visible")
    .filter({ hasText: /Men[uú]|Panel/ })
    .count();
}

test("los paneles tienen un solo botón de menú en el teléfono: su menú es una franja de pestañas @con-js", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  expect(await menuButtons(page)).toBe(1);
  const panel = page.getByRole("navigation", { name: "Panel Administrador" });
  // The panel's links are there without opening anything; the tabs wrap (e2e/phone-views.spec.ts).
  await expect(panel.getByRole("link", { name: "Mis Cursos" })).toBeVisible();
  await panel.getByRole("link", { name: /^Biblioteca/ }).scrollIntoViewIfNeeded();
  await panel.getByRole("link", { name: /^Biblioteca/ }).click();
  await expect(page).toHaveURL(/\/admin\/library$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await menuButtons(page)).toBe(1);
  // Tables are row cards: the header row hidden, each cell led by its column, actions in reach.
  await page.goto("/admin/records");
  await expect(page.getByRole("columnheader", { name: "Correo" })).toBeHidden();
  const row = page.locator("tbody tr").first();
  await expect(row.locator("td[data-label='Correo']")).toBeVisible();
  for (const action of await row.locator(".admin-table-actions > *").all()) {
    const box = (await action.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expect(row.getByRole("link", { name: "Ver" })).toBeVisible();
  // The header's menu is the page's one menu button.
  await page.getByText("☰ Menú").click();
  await expect(
    page.getByRole("navigation", { name: "Menú móvil" }).getByRole("link", { name: "Cursos" }),
  ).toBeVisible();
});

test("ir a un módulo lo deja abierto y visible bajo la cabecera; en el teléfono el PDF se abre aparte", async ({
  page,
  request,
  javaScriptEnabled,
}, info) => {
  const data = await longData(request, info.project.name === "con-js" ? "mj" : "ms");
  const course = `/cursos/${data.courseId}`;
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, data.learner.correo, data.learner.password);
  await expect(page).toHaveURL(/\/docente$/);

  const module = (n: number) => page.locator(`details#modulo-${n}`);
  const expectBelowHeader = async (n: number) => {
    await expect(module(n)).toBeInViewport();
    await expect
      .poll(async () => {
        const header = await page.getByRole("banner").boundingBox();
        const summary = await module(n).locator("summary").boundingBox();
        return summary!.y >= header!.y + header!.height - 1;
      })
      .toBe(true);
  };

  // ?modulo=N (what 'Volver al curso' uses): opened by the server, scrolled to below the header.
  await page.goto(`${course}?modulo=7#modulo-7`);
  await expect(module(7)).toHaveAttribute("open", "");
  await expectBelowHeader(7);
  await expect(module(6)).not.toHaveAttribute("open", "");

  // A plain #modulo-N: visible below the header; opened too once JavaScript runs.
  await page.goto(`${course}#modulo-8`);
  await expectBelowHeader(8);
  if (javaScriptEnabled) await expect(module(8)).toHaveAttribute("open", "");

  // From a quiz, 'Volver al curso' comes back to that module, open.
  await page.goto(`${course}/modulos/9/evaluacion`);
  await page.getByLabel("4", { exact: true }).check();
  await page.getByRole("button", { name: "Terminar evaluación" }).click();
  await page.getByRole("link", { name: "Volver al curso" }).click();
  await expect(page).toHaveURL(new RegExp(`${course}\\?modulo=10#modulo-10$`));
  await expect(module(10)).toHaveAttribute("open", "");
  await expectBelowHeader(10);

  // On a phone: 'Abrir PDF' (the phone's own viewer) instead of the embedded one, which is not loaded.
  const pdfRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(`/archivos/${data.fileId}`)) pdfRequests.push(r.url());
  });
  await page.goto(`${course}?modulo=1#modulo-1`);
  const material = module(1).getByRole("listitem").filter({ hasText: "guia-de-planificacion" });
  await expect(material.getByRole("link", { name: "Abrir PDF" })).toBeVisible();
  await expect(material.getByRole("link", { name: "Abrir PDF" })).toHaveAttribute(
    "href",
    `${course}/archivos/${data.fileId}`,
  );
  await expect(material.getByRole("link", { name: "Ver PDF" })).toBeHidden();
  await page.goto(`${course}?pdf=${data.fileId}#modulo-1`);
  await expect(module(1)).toHaveAttribute("open", "");
  await expect(page.locator("object[type='application/pdf']")).toBeHidden();
  await expect(material.getByRole("link", { name: "Abrir PDF" })).toBeVisible();
  expect(pdfRequests).toEqual([]);

  // On a wide screen the embedded viewer stays: 'Ver PDF' shows it and keeps the module in view.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${course}?modulo=1#modulo-1`);
  await material.getByRole("link", { name: "Ver PDF" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?pdf=${data.fileId}#modulo-1$`));
  await expect(page.locator("object[type='application/pdf']")).toBeVisible();
  await expectBelowHeader(1);
  await material.getByRole("link", { name: "Ocultar PDF" }).click();
  await expect(page.locator("object[type='application/pdf']")).toHaveCount(0);
  await expect(module(1)).toHaveAttribute("open", "");
});
