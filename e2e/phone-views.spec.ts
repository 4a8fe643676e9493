import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import {
  ADMIN,
  approvedUser,
  learnerWithCertificate,
  ONE_QUIZ_COURSE,
  PNG_1PX,
  signIn,
  uniqueEmail,
} from "./support.ts";

// Phones and WCAG 2.2 AA (docs/product.md#screens): what a person sees at 360 px, measured (boxes,
// computed styles), with JavaScript (@con-js); and the admin tables' captions and scroll boxes.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 360, height: 740 };

async function bearer(request: APIRequestContext, credentials: { correo: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function pdf(pages = 1) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

/** A learner with `count` unread messages from the admin (the newest last in `subjects`). */
async function learnerWithMessages(request: APIRequestContext, count: number) {
  const learner = await approvedUser(request, "docente", "Mensajera");
  const admin = await bearer(request, ADMIN);
  const subjects: string[] = [];
  for (let i = 1; i <= count; i++) {
    const subject = `Aviso ${i} sobre el curso de infraestructura verde`;
    const sent = await request.post("/api/mensajes", {
      headers: admin,
      data: { to: learner.correo, subject, content: `Contenido del aviso ${i}. `.repeat(8) },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    subjects.push(subject);
  }
  return { ...learner, subjects };
}

/** The element's box lies inside the window (below the sticky header when `below` is given). */
async function expectInWindow(page: Page, target: Locator, below?: Locator) {
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      const top = below ? (await below.boundingBox())!.y + (await below.boundingBox())!.height - 1 : 0;
      const size = page.viewportSize()!;
      return (
        !!box && box.y >= top && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width
      );
    })
    .toBe(true);
}

test("en el teléfono, un mensaje abierto es lo que se ve, con un enlace de vuelta a la bandeja @con-js", async ({
  page,
  request,
}) => {
  const learner = await learnerWithMessages(request, 8);
  await page.setViewportSize(PHONE);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto("/user/messages");
  const list = page.getByRole("list", { name: "Mensajes recibidos" });
  // The oldest message is the last of the list, far down the page.
  const oldest = list.getByRole("button", { name: new RegExp(learner.subjects[0]!) });
  await oldest.scrollIntoViewIfNeeded();
  await oldest.click();
  const heading = page.getByRole("heading", { level: 2, name: learner.subjects[0]! });
  await expect(heading).toBeVisible();
  await expectInWindow(page, heading, page.getByRole("banner"));
  // The list gives the screen to the message; a link leads back to it.
  await expect(list).toBeHidden();
  await page.getByRole("link", { name: "Volver a la bandeja" }).click();
  await expect(list).toBeVisible();
  await expect(page).toHaveURL(/\/user\/messages$/);

  // On a wide screen the list and the message stay side by side.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/user/messages");
  await list.getByRole("button", { name: new RegExp(learner.subjects[1]!) }).click();
  await expect(page.getByRole("heading", { level: 2, name: learner.subjects[1]! })).toBeVisible();
  await expect(list).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver a la bandeja" })).toBeHidden();
});

test("en el teléfono, la cantidad sin leer se ve sin abrir el menú y el avatar del menú no se aplasta @con-js", async ({
  page,
  request,
}) => {
  const learner = await learnerWithMessages(request, 2);
  await page.setViewportSize(PHONE);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/docente$/);
  const menuButton = page.getByRole("banner").locator("summary").filter({ hasText: "Menú" });
  await expect(menuButton).toBeVisible();
  // The count is on the menu button itself, and in its accessible name.
  await expect(menuButton).toContainText("2");
  await expect(menuButton).toHaveAccessibleName(/2 sin leer/);

  await menuButton.click();
  const avatar = page
    .getByRole("navigation", { name: "Menú móvil" })
    .locator("..")
    .getByRole("link", { name: /Mi cuenta/ });
  await expect(avatar).toBeVisible();
  const box = (await avatar.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  // The initials fit in the circle (nothing cut by its overflow: hidden).
  const clipped = await avatar.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  expect(clipped).toBe(false);
});

test("en el teléfono, cada pestaña del panel se alcanza sin desplazar la franja, 'Registros (n)' incluido @con-js", async ({
  page,
  request,
}) => {
  // Someone waiting for approval: 'Registros (n)'.
  const password = "clave de prueba larga";
  const pending = await request.post("/api/auth/register", {
    data: {
      nombre: "Pendiente",
      apellido: "E2E",
      correo: uniqueEmail("pendiente"),
      fechaNacimiento: "1995-05-05",
      rol: "docente",
      password,
      confirmarPassword: password,
    },
  });
  expect(pending.status()).toBe(201);
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const panel = page.getByRole("navigation", { name: "Panel Administrador" });
  const items = panel.locator("a, button");
  expect(await items.count()).toBeGreaterThanOrEqual(7);
  for (const item of await items.all()) {
    await expect(item).toBeVisible();
    await expectInWindow(page, item);
  }
  await expect(panel.getByRole("link", { name: /^Registros \(\d+/ })).toBeVisible();
});

test("en el teléfono, la vista previa de la biblioteca muestra las primeras páginas y ofrece 'Abrir PDF' en vez del visor incrustado @con-js", async ({
  page,
  request,
}) => {
  const admin = await bearer(request, ADMIN);
  const book = await request.post("/api/books/upload", {
    headers: admin,
    multipart: {
      title: `Manual de vista previa ${Date.now().toString(36)}`,
      author: "Equipo E2E",
      description: "Un libro para la vista previa.",
      pdf: { name: "manual.pdf", mimeType: "application/pdf", buffer: await pdf(4) },
    },
  });
  expect(book.status(), await book.text()).toBe(201);
  const bookId = ((await book.json()) as { book: { id: string } }).book.id;
  const learner = await approvedUser(request, "estudiante", "Lectora");
  await page.setViewportSize(PHONE);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto(`/biblioteca?ver=${bookId}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The first three pages as images, shown (loaded, within the phone's width), without a download.
  const pages = dialog.getByRole("list", { name: /^Primeras páginas de / }).getByRole("img");
  await expect(pages).toHaveCount(3);
  for (const [i, img] of (await pages.all()).entries()) {
    await expect(img).toHaveAttribute("alt", `Página ${i + 1} de 4`);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(720);
    const box = (await img.boundingBox())!;
    expect(box.width).toBeGreaterThan(PHONE.width / 2);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  const open = dialog.getByRole("link", { name: "Abrir PDF" });
  await expect(open).toBeVisible();
  const href = await open.getAttribute("href");
  expect(href).toBeTruthy();
  const served = await page.request.get(href!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("application/pdf");
  await expect(dialog.locator("iframe")).toBeHidden();
  await expect(dialog.getByRole("link", { name: "Descargar PDF" })).toBeVisible();

  // On a wide screen the embedded preview stays.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/biblioteca?ver=${bookId}`);
  await expect(page.getByRole("dialog").locator("iframe")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("img")).toHaveCount(0);
});

test("en el teléfono, una pregunta larga queda dentro de su tarjeta @con-js", async ({ page, request }) => {
  const admin = await bearer(request, ADMIN);
  const texto =
    "Según la lectura del módulo, ¿qué condición debe cumplir una vereda para que todas las personas, " +
    "incluidas las que usan silla de ruedas, puedan recorrerla sin obstáculos?";
  const created = await request.post("/api/cursos", {
    headers: admin,
    multipart: {
      titulo: `Curso con pregunta larga ${Date.now().toString(36)}`,
      bienvenida: "Bienvenida.",
      duracionHoras: "2",
      dirigidoA: "docente",
      herramientas: JSON.stringify(["Lectura"]),
      loAprenderan: JSON.stringify(["Leer"]),
      imagen: { name: "portada.png", mimeType: "image/png", buffer: PNG_1PX },
      modulos: JSON.stringify([
        {
          titulo: "Módulo único",
          descripcion: "Lectura.",
          enlaces: [],
          quiz: [{ texto, opciones: ["Ancho suficiente", "Ninguna"], respuestaCorrecta: 0 }],
        },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { id: string }).id;
  expect((await request.put(`/api/cursos/${courseId}/publicar`, { headers: admin })).status()).toBe(200);
  const learner = await approvedUser(request, "docente", "Evaluada");
  const headers = await bearer(request, learner);
  expect((await request.post(`/api/cursos/${courseId}/registrarParticipante`, { headers })).status()).toBe(201);

  await page.setViewportSize(PHONE);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/docente$/);
  await page.goto(`/cursos/${courseId}/modulos/0/evaluacion`);
  const card = page.locator("fieldset").first();
  const legend = card.locator("legend");
  await expect(legend).toContainText("silla de ruedas");
  const geometry = await card.evaluate((el) => {
    const legendBox = el.querySelector("legend")!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      cardTop: box.top + parseFloat(style.borderTopWidth),
      cardLeft: box.left + parseFloat(style.borderLeftWidth),
      cardRight: box.right - parseFloat(style.borderRightWidth),
      legendTop: legendBox.top,
      legendLeft: legendBox.left,
      legendRight: legendBox.right,
      lines: Math.round(legendBox.height / parseFloat(getComputedStyle(el.querySelector("legend")!).lineHeight)),
    };
  });
  // The question wraps, and all of it lies inside the card's border.
  expect(geometry.lines).toBeGreaterThan(1);
  expect(geometry.legendTop).toBeGreaterThanOrEqual(geometry.cardTop);
  expect(geometry.legendLeft).toBeGreaterThanOrEqual(geometry.cardLeft);
  expect(geometry.legendRight).toBeLessThanOrEqual(geometry.cardRight);
});

test("en el teléfono, las etiquetas del embudo se leen (12 px o más) @con-js", async ({ page, request }) => {
  const learner = await learnerWithCertificate(request, "Embudo");
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/docente/cursos/${learner.cursoId}/reportes`);
  const funnel = page.getByRole("img", { name: /^Embudo/ });
  await expect(funnel).toBeVisible();
  const sizes = await funnel.evaluate((root) => {
    const found: Array<{ text: string; px: number }> = [];
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (el.matches("title, desc, .sr-only")) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? "");
      const text = own.join("").trim();
      if (!text) continue;
      // What is drawn: an SVG text's size times its scale on the screen.
      const scale = el instanceof SVGGraphicsElement ? (el.getScreenCTM()?.a ?? 1) : 1;
      found.push({ text, px: parseFloat(getComputedStyle(el).fontSize) * scale });
    }
    return found;
  });
  expect(sizes.length).toBeGreaterThanOrEqual(4);
  for (const label of sizes) expect(label.px, label.text).toBeGreaterThanOrEqual(12);
});

/** Whether the element looks like a (disabled) button: a filled or bordered box, dimmed, or a control. */
async function looksLikeAControl(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const filled = !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor);
    const bordered = parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none";
    const control = el.matches("button, a, input, [role=button]");
    return filled || bordered || control || parseFloat(style.opacity) < 1 || style.cursor === "not-allowed";
  });
}

test("'Finalizado ✓' no parece un botón desactivado @con-js", async ({ page, request }) => {
  const learner = await learnerWithCertificate(request, "Finalizada");
  await page.setViewportSize(PHONE);
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  // Its card in the list, searched for (courses other tests publish may fill the first page).
  const list = `/cursos/comunidad?q=${encodeURIComponent(ONE_QUIZ_COURSE.titulo)}`;
  for (const path of [`/cursos/${learner.cursoId}`, list]) {
    await page.goto(path);
    const finished = page.getByText("Finalizado ✓", { exact: true }).first();
    await expect(finished, path).toBeVisible();
    expect(await looksLikeAControl(finished), path).toBe(false);
  }
});

test("el ▾ de 'Cursos' mide al menos 24 × 24 px @con-js", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const toggle = page.getByRole("navigation", { name: "Principal" }).locator("summary");
  const box = (await toggle.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
});

test("las tablas de administración tienen título (caption) y sus cajas con desplazamiento toman el foco @con-js", async ({
  page,
  request,
}) => {
  const learner = await learnerWithCertificate(request, "Tabulada");
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const paths = [
    "/admin/courses",
    "/admin/records",
    `/docente/cursos/${learner.cursoId}/participantes`,
    `/docente/cursos/${learner.cursoId}/reportes`,
    `/docente/cursos/${learner.cursoId}/calificaciones`,
  ];
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const tables = await page.locator("main table").evaluateAll((all) =>
      all.map((table) => {
        // The nearest box that scrolls (overflow auto or scroll) around the table.
        let box: HTMLElement | null = table.parentElement;
        while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowX + getComputedStyle(box).overflowY)) {
          box = box.parentElement;
        }
        return {
          caption: table.querySelector(":scope > caption")?.textContent?.trim() ?? "",
          scrollBox: box && box.tagName !== "HTML" && box.tagName !== "BODY" ? box.tabIndex : null,
          region: box ? (box.getAttribute("role") ?? "") + ":" + (box.getAttribute("aria-label") ?? "") : "",
        };
      }),
    );
    expect(tables.length, path).toBeGreaterThan(0);
    tables.forEach((t, i) => {
      if (!t.caption) problems.push(`${path} table ${i}: no caption`);
      if (t.scrollBox !== null && t.scrollBox < 0) problems.push(`${path} table ${i}: scroll box not focusable`);
      if (t.scrollBox !== null && !/^region:.+/.test(t.region)) problems.push(`${path} table ${i}: unnamed region`);
    });
  }
  expect(problems).toEqual([]);
});
