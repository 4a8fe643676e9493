// A worker thread (./book-pages.server.ts starts it, one per rendering, with its memory limits
// and a deadline) that draws the first pages of a book's PDF as WebP images at a phone's width:
// pdf.js (pdfjs-dist) on a skia canvas (@napi-rs/canvas, prebuilt binaries from npm). Run by Node
// itself, not bundled: relative imports only, erasable TypeScript. Input: workerData
// { bytes, pages, width }; output: one message, { images } (one per page, at most `pages`) or
// { error }.
import path from "node:path";
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

type Input = { bytes: Uint8Array; pages: number; width: number; maxHeight: number };
type Canvas = { encode(format: "webp", quality: number): Promise<Uint8Array> };
type CanvasAndContext = { canvas: Canvas; context: unknown };

const { bytes, pages, width, maxHeight } = workerData as Input;
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
/** pdf.js's own copies of the 14 standard fonts, for a PDF that uses one without embedding it. */
const standardFontDataUrl = `${pdfjsDir}/standard_fonts/`;

async function render(): Promise<Uint8Array[]> {
  const task = getDocument({
    data: bytes,
    // No fetching, no system fonts: only what the file and pdf.js's own standard fonts hold.
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
    return images;
  } finally {
    await task.destroy();
  }
}

render().then(
  (images) => parentPort!.postMessage({ images }),
  (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
