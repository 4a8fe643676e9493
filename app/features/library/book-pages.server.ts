// A book's first pages as images, for the preview on a phone (docs/product.md#library: Chrome on
// Android shows no PDF inside a page). Drawn once, at the first preview, by readPdf, and stored
// beside the PDF; a file that cannot be drawn gets PAGES_FAILED and is not tried again here.
import { log } from "~/lib/log.server.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import { deleteStoredLogged, pagePreviewKey, statStored, storePagePreview } from "~/lib/storage.server.ts";
import { readPdf } from "./book-pdf.server.ts";
import { getBook } from "./book-rows.server.ts";
import { PAGES_FAILED } from "./texts.ts";

/** How many pages are shown, and at what width in pixels (a 360 px phone at twice its density). */
export const PREVIEW_PAGES = 3;
const PREVIEW_WIDTH = 720;
/** A page is drawn smaller rather than taller than this (a strip several metres long). */
const MAX_HEIGHT = 4 * PREVIEW_WIDTH;
/** How long drawing one book may take (tests lower it). */
export const DRAWING_LIMITS = { deadlineMs: 30_000 };

export type PagePreviews = { ok: true; count: number } | { ok: false; message: string };

/** Where page `page`'s image of a book is served (app/routes/library/page-image.ts). */
export const pageImageUrl = (bookId: string, page: number) => `/biblioteca/${bookId}/paginas/${page}`;

/** The first pages (at most PREVIEW_PAGES) of a book with `pages` pages. */
const wanted = (pages: number) => Math.max(1, Math.min(PREVIEW_PAGES, pages));

const running = new Map<string, Promise<PagePreviews>>();
const failed = new Set<string>();

/** The book's page images, drawn and stored now when they are not yet. */
export async function bookPagePreviews(book: { pdfKey: string; pages: number }): Promise<PagePreviews> {
  const count = wanted(book.pages);
  if (await allStored(book.pdfKey, count)) return { ok: true, count };
  if (failed.has(book.pdfKey)) return { ok: false, message: PAGES_FAILED };
  let turn = running.get(book.pdfKey);
  if (!turn) {
    turn = drawAndStore(book.pdfKey, count);
    running.set(book.pdfKey, turn);
    void turn.finally(() => running.delete(book.pdfKey));
  }
  return turn;
}

async function allStored(pdfKey: string, count: number) {
  for (let n = 1; n <= count; n++) {
    const stat = await statStored(pagePreviewKey(pdfKey, n)).catch(() => null);
    if (!stat || stat.size === 0) return false;
  }
  return true;
}

async function drawAndStore(pdfKey: string, count: number): Promise<PagePreviews> {
  try {
    const stat = await statStored(pdfKey);
    if (!stat) throw new Error("el PDF no está en el almacenamiento");
    const drawing = { pages: count, width: PREVIEW_WIDTH, maxHeight: MAX_HEIGHT };
    const { images } = await readPdf(pdfKey, stat.size, DRAWING_LIMITS.deadlineMs, drawing);
    if (images.length === 0) throw new Error("el PDF no tiene páginas");
    for (const [i, image] of images.entries()) await storePagePreview(pagePreviewKey(pdfKey, i + 1), image);
    return { ok: true, count: images.length };
  } catch (error) {
    failed.add(pdfKey);
    log.warn({ err: error, key: pdfKey }, "No se pudieron dibujar las páginas de un libro");
    return { ok: false, message: PAGES_FAILED };
  }
}

/** A page's stored image, streamed; null when the book or that image is not there. */
export async function servePageImage(request: Request, bookId: string, page: number): Promise<Response | null> {
  if (!Number.isInteger(page) || page < 1 || page > PREVIEW_PAGES) return null;
  const book = await getBook(bookId);
  if (!book || page > wanted(book.pages)) return null;
  const drawn = await bookPagePreviews(book);
  if (!drawn.ok || page > drawn.count) return null;
  return serveStoredFile(request, pagePreviewKey(book.pdfKey, page), { contentType: "image/webp" });
}

/** Removes a PDF's page images (its book was deleted or given another file). */
export async function deletePagePreviews(pdfKey: string) {
  failed.delete(pdfKey);
  for (let n = 1; n <= PREVIEW_PAGES; n++) await deleteStoredLogged(pagePreviewKey(pdfKey, n));
}
