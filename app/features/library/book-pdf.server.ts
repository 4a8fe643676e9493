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
/** The worker's JavaScript heap; it ends after a minute without work. */
const HEAP_MB = 256;
const IDLE_MS = 60_000;
/** How long a count may take (tests lower it). */
export const COUNT_LIMITS = { deadlineMs: 10_000 };
type Drawing = { pages: number; width: number; maxHeight: number };
type Answer = { numPages: number; images: Uint8Array[] };
let queue: Promise<unknown> = Promise.resolve();
let worker: Worker | null = null;
let job = 0;
let idle: NodeJS.Timeout | undefined;

/** The page count of a stored PDF, or null when pdf.js cannot read it within its limits. */
export async function readPageCount(key: string): Promise<number | null> {
  const stat = await statStored(key).catch(() => null);
  if (!stat || stat.size === 0) return null;
  try {
    const { numPages } = await readPdf(key, stat.size, COUNT_LIMITS.deadlineMs);
    return numPages > 0 ? numPages : null;
  } catch (error) {
    log.warn({ err: error, key }, "No se pudieron contar las páginas de un PDF");
    return null;
  }
}

/**
 * A stored PDF read by pdf.js in a worker thread (./book-pdf.worker.ts) with a heap limit and a
 * deadline (past it, or on any failure of the thread, it is terminated and the next read starts
 * another), one read at a time per process; the ranges pdf.js asks for are read from storage.
 */
export function readPdf(key: string, size: number, deadlineMs: number, drawing?: Drawing) {
  const turn = queue.then(() => inWorker(key, size, deadlineMs, drawing ?? { pages: 0, width: 0, maxHeight: 0 }));
  queue = turn.catch(() => undefined);
  return turn;
}

function inWorker(key: string, size: number, deadlineMs: number, drawing: Drawing) {
  clearTimeout(idle);
  const current = (worker ??= start());
  const id = ++job;
  return new Promise<Answer>((resolve, reject) => {
    const settle = (error: Error | null, answer?: Answer, broken = true) => {
      clearTimeout(deadline);
      current.off("message", onMessage).off("error", settle).off("exit", onExit);
      if (error && broken) end();
      idle = setTimeout(end, IDLE_MS).unref();
      if (error) reject(error);
      else resolve(answer!);
    };
    const onMessage = (m: {
      begin?: number;
      end?: number;
      numPages?: number;
      images?: Uint8Array[];
      error?: string;
    }) => {
      if (m.end !== undefined) return void sendRange(current, id, key, m.begin!, m.end).catch((e: Error) => settle(e));
      if (m.numPages === undefined) return settle(new Error(m.error ?? "sin respuesta"), undefined, false);
      settle(null, { numPages: m.numPages, images: m.images!.map((image) => new Uint8Array(image)) });
    };
    const onExit = (code: number) => settle(new Error(`el proceso del PDF terminó (${code})`));
    const deadline = setTimeout(() => settle(new Error(`más de ${deadlineMs} ms`)), deadlineMs);
    current.on("message", onMessage).once("error", settle).once("exit", onExit);
    current.postMessage({ size, ...drawing });
  });
}

function start() {
  const started = new Worker(WORKER_FILE, {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  started.unref(); // an idle worker does not keep the process alive
  started.once("exit", () => {
    if (worker === started) worker = null;
  });
  return started;
}

function end() {
  void worker?.terminate();
  worker = null;
}

async function sendRange(current: Worker, id: number, key: string, begin: number, end: number) {
  const stream = await readStored(key, { start: begin, end: end - 1 });
  if (!stream) throw new Error("el PDF no está en el almacenamiento");
  const chunk = new Uint8Array(await new Response(stream).arrayBuffer());
  // A read that ended meanwhile leaves its ranges unsent: the next read's pdf.js never sees them.
  if (id === job) current.postMessage({ begin, chunk }, [chunk.buffer]);
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
