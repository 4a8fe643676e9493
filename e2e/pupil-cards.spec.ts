// 'Tarjetas de acceso' on paper (docs/product.md#sign-in-cards, docs/decisions/040-pupils-who-can-sign-in.md):
// a class imported without e-mail, its cards page at 360 px (axe), printed by the browser to PDF;
// the PDF's text (pdf.js) names every pupil, a card's QR code drawn from it (pdf.js on a skia
// canvas) decodes (jsQR) to that pupil's sign-in link, and following it with a plain POST (no
// JavaScript) signs that pupil in.
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { axeViolations } from "./axe.ts";
import { teacherClass } from "./class-db.ts";
import { e2eDb } from "./e2e-db.ts";
import { approvedUser, signIn } from "./support.ts";

const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

type Drawn = {
  canvas: unknown;
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
};

/** The PDF's text, and its first page drawn at `scale` as RGBA pixels. */
async function readPdf(bytes: Buffer, scale: number) {
  const task = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    let text = "";
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ") + "\n";
    }
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale });
    const [width, height] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
    const factory = (pdf as unknown as { canvasFactory: { create(w: number, h: number): Drawn } }).canvasFactory;
    const target = factory.create(width, height);
    await page.render({ canvasContext: target.context, canvas: target.canvas, viewport } as never).promise;
    return { text, pages: pdf.numPages, width, height, context: target.context };
  } finally {
    await task.destroy();
  }
}

/** Every QR code on the drawn page: jsQR reads one per image, so the page is read in overlapping tiles. */
function qrCodes({ width, height, context }: Awaited<ReturnType<typeof readPdf>>): Set<string> {
  const found = new Set<string>();
  const [w, h] = [Math.floor(width / 2), Math.floor(height / 4)];
  for (let y = 0; y + h <= height; y += Math.floor(h / 2)) {
    for (let x = 0; x + w <= width; x += Math.floor(w / 2)) {
      const code = jsQR(context.getImageData(x, y, w, h).data, w, h, { inversionAttempts: "dontInvert" });
      if (code) found.add(code.data);
    }
  }
  return found;
}

const pupils = ["Agustín Valenzuela", "Sofía Núñez", "Vicente Araya"];

/** A teacher's class with three pupils imported without e-mail (the class's API). */
async function classWithPupils(request: APIRequestContext) {
  const teacherAccount = await approvedUser(request, "docente", "Profe");
  const { cursoId, claseId } = await teacherClass(teacherAccount.correo);
  const { token } = (await (
    await request.post("/api/auth/login", {
      data: { correo: teacherAccount.correo, password: teacherAccount.password },
    })
  ).json()) as { token: string };
  const lista = ["correo;nombre;apellido", ...pupils.map((p) => `;${p.replace(" ", ";")}`)].join("\n");
  const importar = `/api/cursos/${cursoId}/clases/${claseId}/importar`;
  const headers = { Authorization: `Bearer ${token}` };
  const seen = (await (await request.post(importar, { headers, data: { lista } })).json()) as { huella: string };
  const done = await request.post(importar, { headers, data: { lista, confirmar: true, huella: seen.huella } });
  expect(done.status(), await done.text()).toBe(201);
  return { teacherAccount, cursoId, claseId, headers };
}

test("tarjetas de acceso: se imprimen con cada nombre y un QR que hace entrar a esa persona @sin-js", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { teacherAccount, cursoId, claseId } = await classWithPupils(request);

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const teacher = await context.newPage();
  const pupilContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const pupil = await pupilContext.newPage();
  try {
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    const cardsPage = `/docente/cursos/${cursoId}/clases/${claseId}/tarjetas`;
    await teacher.goto(`/docente/cursos/${cursoId}/clases/${claseId}`);
    await teacher.getByRole("link", { name: "Tarjetas de acceso" }).click();
    await expect(teacher).toHaveURL(new RegExp(`${cardsPage}$`));
    const cards = teacher.getByRole("listitem").filter({ has: teacher.getByRole("img", { name: /Código QR/ }) });
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: "Agustín Valenzuela" })).toContainText("agustin.valenzuela");
    await expect(teacher.getByText("sin-correo.invalid")).toHaveCount(0);

    // On paper: every name, on as few A4 pages as the cards fill, and a QR code that decodes.
    const printed = await readPdf(await teacher.pdf({ format: "A4", printBackground: true }), 3);
    for (const name of pupils) expect(printed.text).toContain(name);
    expect(printed.text).not.toContain("Tarjetas de acceso");
    expect(printed.pages).toBe(1);
    const links = qrCodes(printed);
    expect(links.size, "códigos QR leídos en la página impresa").toBeGreaterThan(0);
    const [link] = [...links];
    expect(link).toMatch(/\/entrar\/[A-Za-z0-9_-]{43}$/);

    // The card's link signs its pupil in (a plain POST), whoever's phone opens it.
    const opened = await pupil.goto(new URL(link!).pathname);
    // A credential: never cached, never passed on to another site as a Referer.
    expect(opened?.headers()).toMatchObject({ "cache-control": "no-store", "referrer-policy": "same-origin" });
    const enter = pupil.getByRole("button", { name: /^Entrar como / });
    const name = (await enter.textContent())!.replace("Entrar como ", "").trim();
    expect(pupils).toContain(name);
    await enter.click();
    await expect(pupil).toHaveURL(/\/user$/);
    await pupil.goto("/user/profile");
    await expect(pupil.getByText(name).first()).toBeVisible();
    // Their own page, its data for the browser included, shows their usuario, never the placeholder.
    await expect(pupil.getByText(/^(agustin\.valenzuela|sofia\.nunez|vicente\.araya)\d*$/)).toBeVisible();
    expect(await pupil.content()).not.toContain("sin-correo.invalid");
    expect(new URL(link!).origin).toBe(new URL(baseURL!).origin);
  } finally {
    await context.close();
    await pupilContext.close();
  }
});

test("tarjetas de acceso y la página de su código a 360 px: sin problemas de accesibilidad @con-js", async ({
  browser,
  request,
}) => {
  const { teacherAccount, cursoId, claseId, headers } = await classWithPupils(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const teacher = await context.newPage();
  try {
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    await teacher.goto(`/docente/cursos/${cursoId}/clases/${claseId}/tarjetas`);
    await expect(teacher.getByRole("heading", { name: "Tarjetas de acceso", level: 1 })).toBeVisible();
    await expect(teacher.getByRole("img", { name: /Código QR/ })).toHaveCount(3);
    expect(await axeViolations(teacher), teacher.url()).toEqual([]);

    // The page a card's QR opens (a new card for one pupil, through the class's API).
    const member = await e2eDb().classMember.findFirstOrThrow({ where: { claseId }, select: { userId: true } });
    const card = await request.post(`/api/clases/${claseId}/estudiantes/${member.userId}/tarjeta`, { headers });
    expect(card.status(), await card.text()).toBe(200);
    const { enlace } = (await card.json()) as { enlace: string };
    const pupil = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await pupil.goto(new URL(enlace).pathname);
    await expect(pupil.getByRole("button", { name: /^Entrar como / })).toBeVisible();
    expect(await axeViolations(pupil), "/entrar/{token}").toEqual([]);
    await pupil.context().close();
  } finally {
    await context.close();
  }
});
