// A book's PDF: its page count, read as it is stored (a streaming scan, pdf-lib as a bounded
// fallback; decision 018), its download name, and serving it to the preview or as a download.
import { PDFDocument } from "pdf-lib";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { countPdfPages } from "~/lib/pdf-page-count.server.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import { readStoredBytes, readStoredChunks, statStored } from "~/lib/storage.server.ts";
import { getBook } from "./book-rows.server.ts";
import { BOOK_NOT_FOUND, DOWNLOAD_FAILED, NO_PDF } from "./texts.ts";
import { log } from "~/lib/log.server.ts";

/** The download name: the title with accents kept and unsafe characters removed. */
export function bookFilename(title: string): string {
  const safe = title
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[\\/:*?"<>|]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 150)
    .trim();
  return `${safe || "libro"}.pdf`;
}

// Counting pages: a streaming scan of the stored file (~/lib/pdf-page-count.server.ts), which
// holds a small window of it at a time, whatever its size, read from the local disk into one
// reused buffer (readStoredChunks: no per-chunk garbage to pile up between collections), so
// concurrent uploads are counted side by side. Only when the scan finds no page tree (an object
// stream it cannot read, a damaged file) is the whole file parsed with pdf-lib, and then only
// when it is at most PDF_LIB_FALLBACK_BYTES and one file at a time per process.
const PDF_LIB_FALLBACK_BYTES = 20 * 1024 * 1024;
let fallbackQueue: Promise<unknown> = Promise.resolve();

/** The page count of a stored PDF, or null when it cannot be read. */
export async function readPageCount(key: string): Promise<number | null> {
  const scanned = await scanPages(key);
  if (scanned !== null) return scanned;
  const stat = await statStored(key).catch(() => null);
  if (!stat || stat.size === 0 || stat.size > PDF_LIB_FALLBACK_BYTES) return null;
  const turn = fallbackQueue.then(() => loadPages(key));
  fallbackQueue = turn.catch(() => undefined);
  return turn;
}

async function scanPages(key: string): Promise<number | null> {
  try {
    const chunks = await readStoredChunks(key);
    return chunks ? await countPdfPages(chunks) : null;
  } catch {
    return null;
  }
}

async function loadPages(key: string): Promise<number | null> {
  try {
    const bytes = await readStoredBytes(key);
    if (!bytes) return null;
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const count = doc.getPageCount();
    return count > 0 ? count : null;
  } catch {
    return null;
  }
}

/**
 * The book's PDF: inline for the preview, or as a download named after the title; a Failure
 * (404, or 500 after logging) for the caller's adapter: text for the page's viewer, `{ error }`
 * JSON for the API.
 */
export async function serveBookPdf(
  request: Request,
  id: string,
  download: boolean,
): Promise<Result<{ response: Response }>> {
  try {
    const book = await getBook(id);
    if (!book) return fail(404, BOOK_NOT_FOUND);
    const stat = await statStored(book.pdfKey).catch(() => null);
    if (!stat || stat.size === 0) return fail(404, NO_PDF);
    const response = await serveStoredFile(request, book.pdfKey, {
      contentType: "application/pdf",
      filename: bookFilename(book.title),
      disposition: download ? "attachment" : "inline",
    });
    return ok({ response });
  } catch (error) {
    log.error({ err: error }, "No se pudo entregar el PDF de un libro");
    return fail(500, DOWNLOAD_FAILED);
  }
}
