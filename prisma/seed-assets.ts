// Asset makers for the seed: a tiny PNG encoder (node:zlib), course cover pictures and
// multi-page PDF documents (pdf-lib, in Noto Sans embedded as the certificate is: any Latin text,
// not only Windows-1252's). Bytes in memory, no DB; the only files read are the fonts.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Text for accent- and case-insensitive search: the library's own rule. */
export { normalizeSearch as toSearchText } from "../app/lib/search-text.ts";

/** Small deterministic PRNG (mulberry32), so the seeded catalog is the same on every run. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// PNG

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/**
 * Encodes 8-bit RGB (channels 3) or RGBA (channels 4) pixels, row-major, as a PNG
 * (filter type 0 on every row, zlib-deflated IDAT).
 */
export function encodePng(width: number, height: number, pixels: Uint8Array, channels: 3 | 4 = 3): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error(`Dimensiones de imagen inválidas: ${width}x${height}`);
  }
  if (pixels.length !== width * height * channels) {
    throw new Error(`Se esperaban ${width * height * channels} bytes de píxeles, llegaron ${pixels.length}`);
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 4 ? 6 : 2; // colour type: truecolour (+ alpha)
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter
  ihdr[12] = 0; // interlace

  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const idat = deflateSync(raw, { level: 9 });

  const parts = [PNG_SIGNATURE, pngChunk("IHDR", ihdr), pngChunk("IDAT", idat), pngChunk("IEND", new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Width and height from a PNG's IHDR chunk, or null if the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  for (let i = 0; i < 8; i++) if (bytes[i] !== PNG_SIGNATURE[i]) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export type CoverTheme = "tecnologia" | "sostenibilidad" | "urbano";
type Rgb = readonly [number, number, number];

export interface CoverOptions {
  width?: number;
  height?: number;
  /** Gradient colours, top-left to bottom-right, as "#rrggbb". */
  from: string;
  to: string;
  /** Colour of the motif shapes. */
  accent: string;
  theme: CoverTheme;
  /** Varies the placement of the shapes. */
  seed?: number;
}

function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`Color inválido: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** A course cover: two-colour diagonal gradient with simple shapes for the theme. RGB PNG. */
export function makeCoverPng(options: CoverOptions): Uint8Array {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const from = hexToRgb(options.from);
  const to = hexToRgb(options.to);
  const accent = hexToRgb(options.accent);
  const white: Rgb = [255, 255, 255];
  const random = createRandom(options.seed ?? 1);
  const px = new Float32Array(width * height * 3);

  // Background gradient.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.max(0, (x / width) * 0.65 + (y / height) * 0.35));
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = from[c]! + (to[c]! - from[c]!) * t;
    }
  }

  const blend = (x: number, y: number, colour: Rgb, alpha: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height || alpha <= 0) return;
    const i = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! * (1 - alpha) + colour[c]! * alpha;
  };
  const circle = (cx: number, cy: number, r: number, colour: Rgb, alpha: number, ring = 0) => {
    const x0 = Math.max(0, Math.floor(cx - r - 1));
    const x1 = Math.min(width - 1, Math.ceil(cx + r + 1));
    const y0 = Math.max(0, Math.floor(cy - r - 1));
    const y1 = Math.min(height - 1, Math.ceil(cy + r + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        // one pixel of anti-aliasing at the edges
        let cover = Math.min(1, Math.max(0, r - d + 0.5));
        if (ring > 0) cover = Math.min(cover, Math.min(1, Math.max(0, d - (r - ring) + 0.5)));
        blend(x, y, colour, alpha * cover);
      }
    }
  };
  const rect = (x0: number, y0: number, w: number, h: number, colour: Rgb, alpha: number) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y0 + h)); y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(width, Math.round(x0 + w)); x++) {
        blend(x, y, colour, alpha);
      }
    }
  };
  const line = (x0: number, y0: number, x1: number, y1: number, thickness: number, colour: Rgb, alpha: number) => {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    const half = thickness / 2;
    for (let s = 0; s <= steps; s++) {
      const t = steps === 0 ? 0 : s / steps;
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      // stamp a small square; overlapping stamps are fine at low alpha only, so keep alpha high
      for (let dy = -half; dy < half; dy++) {
        for (let dx = -half; dx < half; dx++) {
          const xx = Math.round(x + dx);
          const yy = Math.round(y + dy);
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const i = (yy * width + xx) * 3;
          for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! * (1 - alpha) + colour[c]! * alpha;
        }
      }
    }
  };

  // Soft large circles shared by every theme.
  circle(width * (0.78 + random() * 0.1), height * (0.2 + random() * 0.15), height * 0.55, white, 0.08);
  circle(width * (0.05 + random() * 0.1), height * (0.9 + random() * 0.1), height * 0.45, white, 0.07);

  if (options.theme === "tecnologia") {
    // A dot grid and a few "circuit" traces ending in nodes.
    const step = Math.round(height / 12);
    for (let y = step; y < height; y += step) {
      for (let x = Math.round(width * 0.52); x < width - step / 2; x += step) {
        circle(x, y, 2.2, white, 0.35);
      }
    }
    for (let k = 0; k < 5; k++) {
      const y = step * (2 + Math.floor(random() * 8));
      const x0 = width * 0.55 + step * Math.floor(random() * 3);
      const x1 = x0 + step * (2 + Math.floor(random() * 4));
      const y1 = y + step * (random() < 0.5 ? -2 : 2);
      line(x0, y, x1, y, 3, accent, 0.9);
      line(x1, y, x1 + step, y1, 3, accent, 0.9);
      circle(x0, y, 6, accent, 1);
      circle(x1 + step, y1, 8, white, 0.95);
      circle(x1 + step, y1, 4, accent, 1);
    }
  } else if (options.theme === "sostenibilidad") {
    // A sun, rolling hills and leaves.
    const sunX = width * (0.72 + random() * 0.1);
    const sunY = height * 0.32;
    circle(sunX, sunY, height * 0.16, accent, 0.95);
    circle(sunX, sunY, height * 0.22, accent, 0.5, 4);
    for (let x = 0; x < width; x++) {
      const h1 = height * (0.72 + 0.06 * Math.sin(x / 70 + (options.seed ?? 1)));
      const h2 = height * (0.84 + 0.05 * Math.sin(x / 45 + 2 + (options.seed ?? 1)));
      for (let y = Math.floor(h1); y < height; y++) blend(x, y, white, 0.16);
      for (let y = Math.floor(h2); y < height; y++) blend(x, y, white, 0.22);
    }
    for (let k = 0; k < 4; k++) {
      const cx = width * (0.52 + 0.1 * k) + random() * 20;
      const cy = height * (0.62 + random() * 0.08);
      // leaf = intersection of two circles
      const r = 22 + random() * 10;
      for (let y = Math.floor(cy - r); y < cy + r; y++) {
        for (let x = Math.floor(cx - r); x < cx + r; x++) {
          const a = Math.hypot(x - (cx - r * 0.45), y - (cy + r * 0.45)) < r;
          const b = Math.hypot(x - (cx + r * 0.45), y - (cy - r * 0.45)) < r;
          if (a && b) blend(x, y, white, 0.85);
        }
      }
      line(cx - r * 0.5, cy + r * 0.5, cx + r * 0.5, cy - r * 0.5, 2, accent, 0.9);
    }
  } else {
    // A city skyline with windows.
    let x = Math.round(width * 0.45);
    while (x < width) {
      const w = 34 + Math.floor(random() * 40);
      const h = height * (0.25 + random() * 0.45);
      const top = height - h;
      rect(x, top, w - 6, h, white, 0.22 + random() * 0.15);
      for (let wy = top + 12; wy < height - 14; wy += 18) {
        for (let wx = x + 7; wx < x + w - 16; wx += 13) {
          if (random() < 0.55) rect(wx, wy, 6, 8, accent, 0.85);
        }
      }
      x += w;
    }
    circle(width * 0.2, height * 0.3, 26, accent, 0.9);
    line(0, height - 6, width, height - 6, 8, accent, 0.8);
  }

  // Left band with three pill shapes, where the UI may overlay the title.
  rect(Math.round(width * 0.06), Math.round(height * 0.42), Math.round(width * 0.3), 14, white, 0.85);
  rect(Math.round(width * 0.06), Math.round(height * 0.42) + 26, Math.round(width * 0.22), 10, white, 0.6);
  rect(Math.round(width * 0.06), Math.round(height * 0.42) + 46, Math.round(width * 0.12), 10, accent, 0.95);

  const bytes = new Uint8Array(width * height * 3);
  for (let i = 0; i < px.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(px[i]!)));
  return encodePng(width, height, bytes, 3);
}

// ---------------------------------------------------------------------------------------------
// PDF

export interface PdfSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface PdfDocumentSpec {
  title: string;
  /** Small line above the title on the cover, e.g. the course name. */
  kicker?: string;
  subtitle?: string;
  author?: string;
  /** Lines at the bottom of the title page. */
  coverNotes?: string[];
  /** Each section starts on a new page (and continues on more pages if it is long). */
  sections: PdfSection[];
  /** Colour of the cover band, "#rrggbb". */
  colour?: string;
  /** Fixed dates keep the bytes reproducible. */
  date?: Date;
}

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 64;

/** Noto Sans (@expo-google-fonts/noto-sans), the font of the app's own PDFs (the certificate). */
const require = createRequire(import.meta.url);
const NOTO = {
  regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  italic: "@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf",
} as const;
const fontBytes = new Map<string, Uint8Array>();
function embedNoto(doc: PDFDocument, style: keyof typeof NOTO): Promise<PDFFont> {
  const file = require.resolve(NOTO[style]);
  if (!fontBytes.has(file)) fontBytes.set(file, fs.readFileSync(file));
  return doc.embedFont(fontBytes.get(file)!, { subset: true });
}

const characterSets = new WeakMap<PDFFont, Set<number>>();
/** `text` with what the font has no glyph for replaced (Noto Sans has no arrows or ≥ ≤). */
function inFont(font: PDFFont, text: string): string {
  if (!characterSets.has(font)) characterSets.set(font, new Set(font.getCharacterSet()));
  const supported = characterSets.get(font)!;
  const replaced = text
    .normalize("NFC")
    .replace(/\u2192/g, "->")
    .replace(/\u2265/g, ">=")
    .replace(/\u2264/g, "<=");
  let out = "";
  for (const ch of replaced) {
    out += supported.has(ch.codePointAt(0)!) || ch === "\n" ? ch : "?";
  }
  return out;
}

/** Words' widths, measured once (laying out text was most of the seed's time). */
const widths = new Map<string, number>();
function widthOf(font: PDFFont, text: string, size: number): number {
  const key = `${font.name} ${size} ${text}`;
  if (!widths.has(key)) widths.set(key, font.widthOfTextAtSize(text, size));
  return widths.get(key)!;
}

/** Lines of at most `maxWidth`: a line is as wide as its words and the spaces between them. */
function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  const space = widthOf(font, " ", size);
  let current = "";
  let currentWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const width = widthOf(font, word, size);
    if (current && currentWidth + space + width <= maxWidth) {
      current = `${current} ${word}`;
      currentWidth += space + width;
    } else {
      if (current) lines.push(current);
      current = word;
      currentWidth = width;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A4 document: a title page, then every section from a new page, page numbers in the footer. */
/**
 * A PDF for `spec`. With SEED_ASSETS_CACHE naming a directory, one made there before for the same
 * spec is read back instead (tests/platform/seed.test.ts seeds twice; the bytes are the same by design).
 */
export async function makeDocumentPdf(spec: PdfDocumentSpec): Promise<{ bytes: Uint8Array; pages: number }> {
  const cache = process.env.SEED_ASSETS_CACHE;
  if (!cache) return renderDocumentPdf(spec);
  const key = crypto.createHash("sha256").update(JSON.stringify(spec)).digest("hex");
  const file = path.join(cache, `${key}.json`);
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { bytes: string; pages: number };
    return { bytes: new Uint8Array(Buffer.from(stored.bytes, "base64")), pages: stored.pages };
  }
  const made = await renderDocumentPdf(spec);
  fs.mkdirSync(cache, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ bytes: Buffer.from(made.bytes).toString("base64"), pages: made.pages }));
  return made;
}

async function renderDocumentPdf(spec: PdfDocumentSpec): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await embedNoto(doc, "regular");
  const bold = await embedNoto(doc, "bold");
  const oblique = await embedNoto(doc, "italic");
  const [r, g, b] = hexToRgb(spec.colour ?? "#1d4ed8").map((v) => v / 255) as [number, number, number];
  const band = rgb(r, g, b);
  const ink = rgb(0.13, 0.15, 0.2);
  const muted = rgb(0.4, 0.43, 0.5);
  const date = spec.date ?? new Date("2026-01-15T12:00:00Z");

  doc.setTitle(inFont(regular, spec.title));
  if (spec.author) doc.setAuthor(inFont(regular, spec.author));
  if (spec.subtitle) doc.setSubject(inFont(regular, spec.subtitle));
  doc.setLanguage("es-CL");
  doc.setCreator("Academia Abierta");
  doc.setProducer("Academia Abierta (pdf-lib)");
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const width = PAGE_WIDTH - 2 * MARGIN;

  // Title page.
  const cover = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  cover.drawRectangle({ x: 0, y: PAGE_HEIGHT - 300, width: PAGE_WIDTH, height: 300, color: band });
  cover.drawCircle({ x: PAGE_WIDTH - 70, y: PAGE_HEIGHT - 60, size: 120, color: rgb(1, 1, 1), opacity: 0.1 });
  cover.drawCircle({ x: 40, y: PAGE_HEIGHT - 300, size: 70, color: rgb(1, 1, 1), opacity: 0.08 });
  let y = PAGE_HEIGHT - 90;
  if (spec.kicker) {
    for (const l of wrap(regular, inFont(regular, spec.kicker.toUpperCase()), 11, width)) {
      cover.drawText(l, { x: MARGIN, y, size: 11, font: regular, color: rgb(1, 1, 1), opacity: 0.85 });
      y -= 16;
    }
    y -= 14;
  }
  for (const l of wrap(bold, inFont(bold, spec.title), 28, width)) {
    cover.drawText(l, { x: MARGIN, y, size: 28, font: bold, color: rgb(1, 1, 1) });
    y -= 34;
  }
  y = PAGE_HEIGHT - 350;
  if (spec.subtitle) {
    for (const l of wrap(oblique, inFont(oblique, spec.subtitle), 15, width)) {
      cover.drawText(l, { x: MARGIN, y, size: 15, font: oblique, color: ink });
      y -= 21;
    }
    y -= 16;
  }
  if (spec.author) {
    cover.drawText(inFont(bold, spec.author), { x: MARGIN, y, size: 13, font: bold, color: ink });
    y -= 20;
  }
  let noteY = MARGIN + 12 * (spec.coverNotes?.length ?? 0);
  for (const note of spec.coverNotes ?? []) {
    cover.drawText(inFont(regular, note), { x: MARGIN, y: noteY, size: 10, font: regular, color: muted });
    noteY -= 14;
  }

  // Content pages.
  const bodySize = 11;
  const leading = 16;
  let page: PDFPage = cover;
  const newPage = () => {
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 8, width: PAGE_WIDTH, height: 8, color: band });
    page.drawText(inFont(regular, spec.title), {
      x: MARGIN,
      y: PAGE_HEIGHT - 36,
      size: 8.5,
      font: regular,
      color: muted,
    });
    y = PAGE_HEIGHT - MARGIN - 20;
  };
  const ensure = (needed: number) => {
    if (y - needed < MARGIN + 24) newPage();
  };

  for (const section of spec.sections) {
    newPage();
    for (const l of wrap(bold, inFont(bold, section.heading), 18, width)) {
      page.drawText(l, { x: MARGIN, y, size: 18, font: bold, color: band });
      y -= 24;
    }
    page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: MARGIN + 60, y: y + 8 }, thickness: 2, color: band });
    y -= 12;
    for (const paragraph of section.paragraphs ?? []) {
      for (const l of wrap(regular, inFont(regular, paragraph), bodySize, width)) {
        ensure(leading);
        page.drawText(l, { x: MARGIN, y, size: bodySize, font: regular, color: ink });
        y -= leading;
      }
      y -= 8;
    }
    for (const bullet of section.bullets ?? []) {
      const lines = wrap(regular, inFont(regular, bullet), bodySize, width - 16);
      lines.forEach((l, i) => {
        ensure(leading);
        if (i === 0) page.drawCircle({ x: MARGIN + 4, y: y + 3.5, size: 2.2, color: band });
        page.drawText(l, { x: MARGIN + 16, y, size: bodySize, font: regular, color: ink });
        y -= leading;
      });
      y -= 4;
    }
  }

  // Page numbers (not on the title page).
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    if (i === 0) return;
    const label = `Página ${i + 1} de ${pages.length}`;
    const w = regular.widthOfTextAtSize(label, 8.5);
    p.drawText(inFont(regular, label), {
      x: PAGE_WIDTH - MARGIN - w,
      y: MARGIN - 28,
      size: 8.5,
      font: regular,
      color: muted,
    });
  });

  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pages: pages.length };
}
