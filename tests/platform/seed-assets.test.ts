// The seed's asset makers (prisma/seed-assets.ts): pure functions, no database or files.
import { inflateSync } from "node:zlib";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { crc32, encodePng, makeCoverPng, makeDocumentPdf, pngSize, toSearchText } from "../../prisma/seed-assets.ts";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads the chunks of a PNG independently of the encoder under test. */
function chunks(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Array<{ type: string; data: Uint8Array; crcOk: boolean }> = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = view.getUint32(offset + 8 + length);
    out.push({ type, data, crcOk: crc === crc32(bytes, offset + 4, offset + 8 + length) });
    offset += 12 + length;
  }
  return out;
}

describe("PNG encoder", () => {
  it("writes the signature, an IHDR with the dimensions and valid chunks", () => {
    const width = 5;
    const height = 3;
    const pixels = new Uint8Array(width * height * 3).map((_, i) => (i * 17) % 256);
    const png = encodePng(width, height, pixels);

    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(list.every((c) => c.crcOk)).toBe(true);

    const ihdr = new DataView(list[0]!.data.buffer, list[0]!.data.byteOffset, 13);
    expect(ihdr.getUint32(0)).toBe(width);
    expect(ihdr.getUint32(4)).toBe(height);
    expect(list[0]!.data[8]).toBe(8); // bit depth
    expect(list[0]!.data[9]).toBe(2); // truecolour

    // The image data inflates to one filter byte (0) plus the row's pixels, row after row.
    const raw = inflateSync(list[1]!.data);
    expect(raw.length).toBe(height * (1 + width * 3));
    for (let y = 0; y < height; y++) {
      const row = raw.subarray(y * (1 + width * 3), (y + 1) * (1 + width * 3));
      expect(row[0]).toBe(0);
      expect([...row.subarray(1)]).toEqual([...pixels.subarray(y * width * 3, (y + 1) * width * 3)]);
    }
  });

  it("encodes RGBA and rejects a pixel buffer of the wrong size", () => {
    const png = encodePng(2, 2, new Uint8Array(16), 4);
    expect(chunks(png)[0]!.data[9]).toBe(6); // truecolour with alpha
    expect(() => encodePng(2, 2, new Uint8Array(5))).toThrow();
  });

  it("makes a 640x360 course cover that pngSize reads back", () => {
    const png = makeCoverPng({ from: "#1e3a8a", to: "#0f766e", accent: "#fbbf24", theme: "tecnologia", seed: 3 });
    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
    expect(pngSize(png)).toEqual({ width: 640, height: 360 });
    expect(pngSize(new Uint8Array(30))).toBeNull();
    for (const theme of ["sostenibilidad", "urbano"] as const) {
      const other = makeCoverPng({ from: "#166534", to: "#65a30d", accent: "#fde68a", theme, width: 320, height: 180 });
      expect(pngSize(other)).toEqual({ width: 320, height: 180 });
    }
  });
});

/** Poppler's pdftotext or pdffonts on `bytes` (scripts/ensure-test-deps.sh installs them). */
function poppler(tool: "pdftotext" | "pdffonts", bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-pdf-"));
  const file = path.join(dir, "d.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(tool, tool === "pdftotext" ? [file, "-"] : [file], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("PDF maker", () => {
  it("makes a real PDF: a title page plus one page per section, Spanish text included", async () => {
    const { bytes, pages } = await makeDocumentPdf({
      title: "Educación ambiental para el siglo XXI",
      kicker: "Biblioteca",
      subtitle: "¿Qué aprenderás? ¡Acción en la comunidad! Ñuble, Osorno y Chiloé",
      author: "Marcela Riquelme Ortiz",
      sections: [
        {
          heading: "Introducción",
          paragraphs: ["La educación ambiental forma ciudadanía crítica: á é í ó ú ñ ü ¿ ¡."],
        },
        { heading: "Capítulo 1", bullets: ["Reducir", "Reutilizar", "Reciclar"] },
        { heading: "Capítulo 2", paragraphs: ["Emisiones de CO₂ → acción climática."] },
      ],
    });
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(pages).toBe(4);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(4);
    expect(doc.getTitle()).toBe("Educación ambiental para el siglo XXI");
    // Read back exactly, in an embedded font: arrows, subscripts, and names beyond Windows-1252.
    const text = poppler("pdftotext", bytes);
    expect(text.replace(/\s+/g, " ")).toContain("Emisiones de CO₂ -> acción climática.");
    expect(text).toContain("Marcela Riquelme Ortiz");
    const named = await makeDocumentPdf({ title: "Łucía Ṉawel Nguyễn", author: "Trần Thị Hương", sections: [] });
    expect(poppler("pdftotext", named.bytes)).toContain("Trần Thị Hương");
    const fonts = poppler("pdffonts", bytes)
      .split("\n")
      .slice(2)
      .filter((line) => line.trim());
    expect(fonts.length).toBeGreaterThan(0);
    // Embedded (pdf-lib names its subsets "NotoSans-Bold-1234", not with the tag pdffonts reads).
    for (const line of fonts) expect(line).toMatch(/^NotoSans-[\w-]+\s+CID TrueType\s+Identity-H\s+yes\b/);
  });

  it("continues a long section on further pages and reports the real count", async () => {
    const long = Array.from(
      { length: 60 },
      (_, i) =>
        `Párrafo ${i + 1}: la transformación urbana necesita participación vecinal, datos abiertos y espacios públicos seguros.`,
    );
    const { bytes, pages } = await makeDocumentPdf({
      title: "Ciudades caminables",
      sections: [{ heading: "Todo", paragraphs: long }],
    });
    expect(pages).toBeGreaterThan(2);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(pages);
  });
});

describe("search text", () => {
  it("lower-cases and strips accents from title and author", () => {
    expect(toSearchText("Educación ambiental para el siglo XXI", "Andrea Muñoz Castillo")).toBe(
      "educacion ambiental para el siglo xxi andrea munoz castillo",
    );
  });
});
