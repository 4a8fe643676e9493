// A book's PDF: read by pdf.js in a bounded worker thread (its page count here, its first pages
// as images in ./book-pages.server.ts; decision 035), its download name, and serving it to the
// preview or as a download.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import { readStored, statStored } from "~/lib/storage.server.ts";
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

const WORKER_FILE = path.resolve("app/features/library/book-pdf.worker.ts");
/** A count's limits: the worker's JavaScript heap, and how long it may take (tests lower them). */
export const COUNT_LIMITS = { heapMb: 128, deadlineMs: 10_000 };
type Limits = typeof COUNT_LIMITS;
type Drawing = { pages: number; width: number; maxHeight: number };
let queue: Promise<unknown> = Promise.resolve();

/** The page count of a stored PDF, or null when pdf.js cannot read it within COUNT_LIMITS. */
export async function readPageCount(key: string): Promise<number | null> {
  const stat = await statStored(key).catch(() => null);
  if (!stat || stat.size === 0) return null;
  try {
    const { numPages } = await readPdf(key, stat.size, COUNT_LIMITS);
    return numPages > 0 ? numPages : null;
  } catch (error) {
    log.warn({ err: error, key }, "No se pudieron contar las páginas de un PDF");
    return null;
  }
}

/**
 * A stored PDF read by pdf.js in a worker thread (./book-pdf.worker.ts) with a heap limit and a
 * deadline (then it is terminated), one at a time per process; the ranges pdf.js asks for are
 * read from storage and handed over.
 */
export function readPdf(
  key: string,
  size: number,
  limits: Limits,
  drawing: Drawing = { pages: 0, width: 0, maxHeight: 0 },
) {
  const turn = queue.then(() => inWorker(key, size, limits, drawing));
  queue = turn.catch(() => undefined);
  return turn;
}

function inWorker(key: string, size: number, limits: Limits, drawing: Drawing) {
  return new Promise<{ numPages: number; images: Uint8Array[] }>((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { size, ...drawing },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    const settle = (error: Error | null, answer?: { numPages: number; images: Uint8Array[] }) => {
      clearTimeout(deadline);
      void worker.terminate();
      if (error) reject(error);
      else resolve(answer!);
    };
    const deadline = setTimeout(() => settle(new Error(`más de ${limits.deadlineMs} ms`)), limits.deadlineMs);
    worker.on(
      "message",
      (m: { begin?: number; end?: number; numPages?: number; images?: Uint8Array[]; error?: string }) => {
        if (m.end !== undefined) return void sendRange(worker, key, m.begin!, m.end).catch((e: Error) => settle(e));
        if (m.error !== undefined || m.numPages === undefined) return settle(new Error(m.error ?? "sin respuesta"));
        settle(null, { numPages: m.numPages, images: m.images!.map((image) => new Uint8Array(image)) });
      },
    );
    worker.once("error", (error) => settle(error));
    worker.once("exit", (code) => settle(new Error(`el proceso del PDF terminó (${code})`)));
  });
}

async function sendRange(worker: Worker, key: string, begin: number, end: number) {
  const stream = await readStored(key, { start: begin, end: end - 1 });
  if (!stream) throw new Error("el PDF no está en el almacenamiento");
  const chunk = new Uint8Array(await new Response(stream).arrayBuffer());
  worker.postMessage({ begin, chunk }, [chunk.buffer]);
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
