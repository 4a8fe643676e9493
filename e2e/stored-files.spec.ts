import { expect, test, type Frame, type Page } from "@playwright/test";
import { chromiumWithPdfViewer } from "./chromium.ts";
import { approvedUser, courseIdByTitle, signIn } from "./support.ts";

// Stored files (course images, module PDFs, books, avatars, certificates) are served with
// `Content-Security-Policy: sandbox` (app/lib/serve-file.server.ts). Chromium's built-in PDF
// viewer must still show them in the pages' viewers (<object>/<embed> on the course page, an
// <iframe> in the library), and images must still load.

/** Chromium's PDF viewer: its frame attaches in place of the PDF; a blocked PDF gets chrome-error:// instead. */
const PDF_VIEWER = "chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/";
const viewerFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().startsWith(PDF_VIEWER));

// The full Chromium: the headless shell has no PDF viewer.
test.use({ launchOptions: chromiumWithPdfViewer });

async function expectPdfShown(page: Page, javaScriptEnabled: boolean) {
  await expect.poll(() => Boolean(viewerFrame(page)), { message: "el visor de PDF de Chromium se abre" }).toBe(true);
  expect(
    page
      .frames()
      .map((f) => f.url())
      .filter((url) => url.startsWith("chrome-error:")),
  ).toEqual([]);
  // With JavaScript the viewer runs (Playwright turns it off in every frame otherwise): it
  // loaded the document when it knows its page count.
  if (javaScriptEnabled) await expect(viewerFrame(page)!.locator("#pagelength")).toHaveText(/^[1-9]\d*$/);
}

test("los PDF de módulos y de la biblioteca se ven en el visor de Chromium con CSP sandbox; las imágenes cargan @con-js", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  // A docente sees a course's materials without enrolling.
  const user = await approvedUser(request, "docente");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);

  // A seeded course with its image, by its title (other specs add courses without one, newest first).
  await page.goto(`/cursos?q=${encodeURIComponent("Diseño de páginas web accesibles")}`);
  const image = page.getByRole("article").first().locator("img").first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const imageResponse = await page.request.get((await image.getAttribute("src"))!);
  expect(imageResponse.status()).toBe(200);
  expect(imageResponse.headers()["content-security-policy"]).toBe("sandbox");

  // By its id: other specs add courses, which a docente (who sees drafts) finds first on /cursos.
  const cursoId = await courseIdByTitle(request, "Diseño de páginas web accesibles", "/cursos/estudiante");
  await page.goto(`/cursos/${cursoId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Diseño de páginas web accesibles" })).toBeVisible();
  await page.locator("summary", { hasText: "HTML semántico" }).click();
  await page.getByRole("link", { name: "Ver PDF" }).first().click();
  const object = page.locator("object[type='application/pdf']");
  await expect(object).toBeVisible();
  // Only the course page's document allows an <object> of our own files; 'Ver PDF' loads one.
  const coursePage = await page.request.get(page.url());
  expect(coursePage.headers()["content-security-policy"]).toContain("object-src 'self'");
  const modulePdf = await page.request.get((await object.getAttribute("data"))!);
  expect(modulePdf.headers()["content-type"]).toBe("application/pdf");
  expect(modulePdf.headers()["content-security-policy"]).toBe("sandbox");
  await expectPdfShown(page, javaScriptEnabled);

  await page.goto("/biblioteca");
  await page.getByRole("article").first().getByRole("link", { name: "Vista Previa" }).click();
  const frame = page.getByRole("dialog").locator("iframe");
  await expect(frame).toBeVisible();
  const book = await page.request.get((await frame.getAttribute("src"))!);
  expect(book.headers()["content-type"]).toBe("application/pdf");
  expect(book.headers()["content-security-policy"]).toBe("sandbox");
  await expectPdfShown(page, javaScriptEnabled);
});
