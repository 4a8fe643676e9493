// The library's preview on a phone (docs/product.md#library): a book's first pages as images,
// drawn once from its stored PDF at its first preview, stored beside it and streamed; a PDF that
// cannot be drawn gets a Spanish message, never a 500; the images go with the book.
import crypto from "node:crypto";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { DRAWING_LIMITS, PREVIEW_PAGES } from "~/features/library/book-pages.server.ts";
import { bookSearchFields } from "~/features/library/book-words.ts";
import { PAGES_FAILED } from "~/features/library/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { pagePreviewKey, statStored, storeBytes, storedExistsSync } from "~/lib/storage.server.ts";
import * as adminLibrary from "~/routes/admin/library.tsx";
import * as library from "~/routes/library.tsx";
import * as pageImage from "~/routes/library/page-image.ts";
import {
  args,
  createUser,
  formRequest,
  getRequest,
  multipartRequest,
  sessionCookie as signIn,
  thrown,
} from "../factories.ts";

async function bookWith(pdf: Uint8Array, pages: number) {
  const title = `Libro de páginas ${crypto.randomUUID().slice(0, 8)}`;
  return prisma.book.create({
    data: {
      title,
      author: "Autora Prueba",
      pages,
      description: "Descripción",
      pdfKey: await storeBytes("books", "pdf", pdf),
      pdfSize: pdf.length,
      ...bookSearchFields(title, "Autora Prueba"),
    },
  });
}

async function pdfOf(pages: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++) {
    // Each page black at its top half: the images differ from blank ones and from each other.
    const page = doc.addPage([300, 400]);
    page.drawRectangle({ x: 0, y: 200, width: 300, height: 200 });
    page.drawText(`Página ${i + 1}`, { x: 20, y: 100, size: 30 + i * 10, font });
  }
  return doc.save();
}

const image = (cookie: string, libroId: string, pagina: number) =>
  pageImage.loader(
    args(getRequest(`/biblioteca/${libroId}/paginas/${pagina}`, cookie), { libroId, pagina: String(pagina) }),
  );

/** A WebP image's width and height (VP8 / VP8L / VP8X header). */
function webpSize(bytes: Uint8Array) {
  const b = Buffer.from(bytes);
  expect(b.toString("latin1", 0, 4)).toBe("RIFF");
  expect(b.toString("latin1", 8, 12)).toBe("WEBP");
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
}

describe("the preview's pages on a phone", () => {
  it("draws a book's first three pages once, at its first preview, and streams them to signed-in users", async () => {
    const book = await bookWith(await pdfOf(5), 5);
    const cookie = await signIn(await createUser());
    const page = await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, cookie)));
    expect(page.preview).toMatchObject({
      hasPdf: true,
      pagesError: null,
      pageImages: [1, 2, 3].map((n) => `/biblioteca/${book.id}/paginas/${n}`),
    });
    // Stored beside the PDF.
    const stats = await Promise.all([1, 2, 3].map((n) => statStored(pagePreviewKey(book.pdfKey, n))));
    expect(stats.every((s) => s !== null && s.size > 0)).toBe(true);

    const bodies: Buffer[] = [];
    for (const n of [1, 2, 3]) {
      const response = await image(cookie, book.id, n);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      const body = Buffer.from(await response.arrayBuffer());
      // A phone's width at twice its density, the page's own proportions (300 × 400).
      expect(webpSize(body)).toEqual({ width: 720, height: 960 });
      bodies.push(body);
    }
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(3);
    // No fourth page, and none without signing in.
    expect((await image(cookie, book.id, 4)).status).toBe(404);
    const anonymous = await thrown(
      pageImage.loader(args(getRequest(`/biblioteca/${book.id}/paginas/1`), { libroId: book.id, pagina: "1" })),
    );
    expect(anonymous.status).toBe(302);

    // Drawn once: a second preview reads what is stored.
    const modified = stats.map((s) => s!.modifiedAt.getTime());
    await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, cookie)));
    const again = await Promise.all([1, 2, 3].map((n) => statStored(pagePreviewKey(book.pdfKey, n))));
    expect(again.map((s) => s!.modifiedAt.getTime())).toEqual(modified);
  }, 60_000);

  it("shows as many pages as a short book has", async () => {
    const book = await bookWith(await pdfOf(2), 2);
    const cookie = await signIn(await createUser());
    const page = await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, cookie)));
    expect(page.preview?.pageImages).toHaveLength(2);
    expect(PREVIEW_PAGES).toBe(3);
  }, 60_000);

  it("a PDF that cannot be drawn gets a Spanish message in the dialog, and its images a 404, never a 500", async () => {
    const broken = Buffer.concat([Buffer.from("%PDF-1.7\n"), crypto.randomBytes(4000)]);
    const book = await bookWith(broken, 3);
    const cookie = await signIn(await createUser());
    const page = await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, cookie)));
    expect(page.preview).toMatchObject({ hasPdf: true, pageImages: [], pagesError: PAGES_FAILED });
    expect(PAGES_FAILED).toMatch(/^No pudimos mostrar las páginas/);
    expect((await image(cookie, book.id, 1)).status).toBe(404);
  }, 60_000);

  it("the images go with the book when it is deleted", async () => {
    const book = await bookWith(await pdfOf(1), 1);
    const admin = await signIn(await createUser({ rol: "admin" }));
    await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, admin)));
    expect(storedExistsSync(pagePreviewKey(book.pdfKey, 1))).toBe(true);
    await adminLibrary.action(
      args(formRequest("/admin/library", { intent: "delete", bookId: book.id }, { cookie: admin })),
    );
    expect(storedExistsSync(pagePreviewKey(book.pdfKey, 1))).toBe(false);
  }, 60_000);

  it("the old images go when the book is given another PDF, and the new one's are drawn at its next preview", async () => {
    const book = await bookWith(await pdfOf(1), 1);
    const admin = await signIn(await createUser({ rol: "admin" }));
    await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, admin)));
    expect(storedExistsSync(pagePreviewKey(book.pdfKey, 1))).toBe(true);
    const fields = { title: book.title, author: book.author, description: book.description, pages: "" };
    const pdf = { name: "nuevo.pdf", bytes: await pdfOf(2) };
    const response = (await adminLibrary.action(
      args(multipartRequest(`/admin/library?editar=${book.id}`, { ...fields, pdf }, { cookie: admin })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(storedExistsSync(pagePreviewKey(book.pdfKey, 1))).toBe(false);
    const saved = await prisma.book.findUniqueOrThrow({ where: { id: book.id } });
    const page = await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, admin)));
    expect(page.preview?.pageImages).toHaveLength(2);
    expect(storedExistsSync(pagePreviewKey(saved.pdfKey, 2))).toBe(true);
  }, 60_000);

  it("a PDF too heavy to draw within the worker's limits is stopped, and gets the message", async () => {
    // One page whose content is 40 MB of lines (160 KB compressed): far more than the deadline
    // (lowered here to a quarter of a second) or the heap allow; the server goes on.
    const doc = await PDFDocument.create();
    const heavy = doc.addPage([300, 400]);
    const lines = Buffer.from("0 0 m 300 400 l S\n".repeat(2_300_000));
    const content = doc.context.stream(zlib.deflateSync(lines), { Filter: "FlateDecode" });
    heavy.node.set(PDFName.of("Contents"), doc.context.register(content));
    const book = await bookWith(await doc.save(), 1);
    const cookie = await signIn(await createUser());
    const saved = { ...DRAWING_LIMITS };
    Object.assign(DRAWING_LIMITS, { deadlineMs: 250 });
    try {
      const page = await library.loader(args(getRequest(`/biblioteca?ver=${book.id}`, cookie)));
      expect(page.preview).toMatchObject({ hasPdf: true, pageImages: [], pagesError: PAGES_FAILED });
    } finally {
      Object.assign(DRAWING_LIMITS, saved);
    }
    // Still answering: another book is drawn.
    const fine = await bookWith(await pdfOf(1), 1);
    expect(
      (await library.loader(args(getRequest(`/biblioteca?ver=${fine.id}`, cookie)))).preview?.pageImages,
    ).toHaveLength(1);
  }, 60_000);
});
