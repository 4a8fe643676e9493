// A worker thread (./book-pdf.server.ts starts it, with a memory limit, and ends it past a
// deadline) that reads stored PDFs with pdf.js (pdfjs-dist), one at a time: the page count and,
// when asked, the first pages drawn as WebP images at a phone's width on a skia canvas
// (@napi-rs/canvas, prebuilt binaries from npm). pdf.js asks for the byte ranges it needs and the
// parent reads them from storage, so a file is never handed over whole. Run by Node itself, not
// bundled: relative imports only, erasable TypeScript. In: { size, pages, width, maxHeight } (a
// read), { begin, chunk } (a range); out: { begin, end } (a range wanted), then one
// { numPages, images } or { error } per read.
import path from "node:path";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { getDocument, PDFDataRangeTransport } from "pdfjs-dist/legacy/build/pdf.mjs";

type Input = { size: number; pages: number; width: number; maxHeight: number };
type Canvas = { encode(format: "webp", quality: number): Promise<Uint8Array> };
type CanvasAndContext = { canvas: Canvas; context: unknown };

const port = parentPort!;
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
/** pdf.js's own copies of the 14 standard fonts, for a PDF that uses one without embedding it. */
const standardFontDataUrl = `${pdfjsDir}/standard_fonts/`;

let range: PDFDataRangeTransport | undefined;

port.on("message", (m: Input | { begin: number; chunk: Uint8Array }) => {
  if ("chunk" in m) return range?.onDataRange(m.begin, m.chunk);
  read(m).then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});

async function read({ size, pages, width, maxHeight }: Input): Promise<{ numPages: number; images: Uint8Array[] }> {
  range = new PDFDataRangeTransport(size, null);
  range.requestDataRange = (begin: number, end: number) => port.postMessage({ begin, end });
  const task = getDocument({
    range,
    // Only the ranges it needs; no fetching, no system fonts: only what the file and pdf.js hold.
    disableAutoFetch: true,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl,
    // An image larger than this many pixels is left out rather than decoded.
    maxImageSize: 4096 * 4096,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const images: Uint8Array[] = [];
    for (let n = 1; n <= Math.min(pages, pdf.numPages); n++) {
      const page = await pdf.getPage(n);
      const natural = page.getViewport({ scale: 1 });
      // The phone's width; a very long page is drawn smaller so it stays within maxHeight.
      const scale = Math.min(width / natural.width, maxHeight / natural.height);
      const viewport = page.getViewport({ scale });
      const factory = (pdf as unknown as { canvasFactory: { create(w: number, h: number): CanvasAndContext } })
        .canvasFactory;
      const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvasContext: target.context, canvas: target.canvas, viewport } as never).promise;
      images.push(await target.canvas.encode("webp", 80));
      page.cleanup();
    }
    return { numPages: pdf.numPages, images };
  } finally {
    await task.destroy();
  }
}
