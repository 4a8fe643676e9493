// The streaming page count (app/lib/pdf-page-count.server.ts): real PDFs (pdf-lib, with and
// without object streams; hand-written ones with a nested page tree, odd spacing, comments,
// incremental updates), every chunk boundary, damaged files, and a 30 MB file read through a
// small stream window.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { countPdfPages, type PageCountStats } from "~/lib/pdf-page-count.server.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pagecount-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function* chunked(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
/** Chunks in one reused buffer, as readStoredChunks reads the local disk. */
async function* reused(bytes: Uint8Array, size: number) {
  const buffer = new Uint8Array(size);
  for (let i = 0; i < bytes.length; i += size) {
    const n = Math.min(size, bytes.length - i);
    buffer.set(bytes.subarray(i, i + n));
    yield buffer.subarray(0, n);
    buffer.fill(0x41); // what was handed out is overwritten before the next chunk
  }
}
const count = (bytes: Uint8Array, size = 65536, stats?: PageCountStats) => countPdfPages(chunked(bytes, size), stats);
const newStats = (): PageCountStats => ({ maxWindow: 0, maxObjectStream: 0, bytes: 0 });

async function pdfLib(pages: number, useObjectStreams: boolean) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save({ useObjectStreams });
}

/** A PDF from object bodies (numbered from 1), with a correct xref table and trailer. */
function handPdf(objects: Array<string | Buffer>, { root = 1, header = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" } = {}) {
  const parts: Buffer[] = [Buffer.from(header, "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(bytes);
    offset += bytes.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

const leaf = (parent: number) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 200 200] >>`;

/**
 * A nested page tree of 7 pages written in awkward ways: 1 catalog; 2 root (/Count before
 * /Type, no spaces); 3 a node of 3 leaves (/Type split by a comment and a newline); 4 a node of
 * one leaf and node 5; 5 a node of 3 leaves (#-escaped name); 6–12 the leaves.
 */
function nestedTree() {
  return handPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<</Count 7/Kids[3 0 R 4 0 R]/Type/Pages>>",
    "<< /Type % the node's type\n/Pages\r\n/Kids [6 0 R 7 0 R 8 0 R] /Parent 2 0 R /Count 3 /Resources << /ProcSet [/PDF] >> >>",
    "<< /Kids [9 0 R 5 0 R] /Count 4 /Parent 2 0 R /Type /Pages >>",
    "<< /Type /Pag#65s /Parent 4 0 R /Kids [10 0 R 11 0 R 12 0 R] /Count 3 >>",
    leaf(3),
    leaf(3),
    leaf(3),
    leaf(4),
    leaf(5),
    leaf(5),
    // A leaf that wrongly carries a /Count: a /Type /Page is not counted.
    "<< /Type /Page /Parent 5 0 R /Count 99 /Annots [] >>",
  ]);
}

describe("countPdfPages", () => {
  it.each([1, 2, 7, 120])("counts a pdf-lib PDF of %i pages, with and without object streams", async (pages) => {
    expect(await count(await pdfLib(pages, false))).toBe(pages);
    expect(await count(await pdfLib(pages, true))).toBe(pages);
  });

  it("reads the page tree inside an object stream (pdf-lib's default)", async () => {
    const bytes = await pdfLib(5, true);
    const text = Buffer.from(bytes).toString("latin1");
    expect(text).toContain("/ObjStm");
    expect(text).not.toMatch(/\/Type\s*\/Pages/); // compressed: only the object stream has it
    const stats = newStats();
    expect(await count(bytes, 65536, stats)).toBe(5);
    expect(stats.maxObjectStream).toBeGreaterThan(0);
  });

  it("reads an object stream whose /Length is indirect (found by 'endstream')", async () => {
    const inside = ["<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>", leaf(2), leaf(2)];
    let offsets = "";
    let body = "";
    [2, 3, 6].forEach((n, i) => {
      offsets += `${n} ${body.length} `;
      body += inside[i] + "\n";
    });
    const data = zlib.deflateSync(Buffer.from(offsets + body, "latin1"));
    const bytes = handPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "null",
      "null",
      Buffer.concat([
        Buffer.from(
          `<< /Type /ObjStm /N 3 /First ${offsets.length} /Filter [/FlateDecode] /Length 5 0 R >>\nstream\r\n`,
        ),
        data,
        Buffer.from("\r\nendstream"),
      ]),
      String(data.length),
    ]);
    for (const size of [7, 100, 65536]) expect(await count(bytes, size)).toBe(2);
  });

  it("counts a nested page tree written with odd spacing, comments and escaped names", async () => {
    const bytes = nestedTree();
    expect(await count(bytes)).toBe(7);
    // pdf-lib agrees: the file is a real PDF.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(7);
  });

  it("finds /Type /Pages and /Count at every chunk boundary", async () => {
    const bytes = nestedTree();
    const compressed = await pdfLib(3, true);
    for (let size = 1; size <= 64; size++) {
      expect(await count(bytes, size), `chunks of ${size}`).toBe(7);
      expect(await count(compressed, size), `compressed, chunks of ${size}`).toBe(3);
      expect(await countPdfPages(reused(bytes, size)), `one reused buffer of ${size}`).toBe(7);
      expect(await countPdfPages(reused(compressed, size)), `compressed, one reused buffer of ${size}`).toBe(3);
    }
    // The root's /Count split right in its middle ("/Cou" | "nt 7").
    const at = bytes.indexOf("/Count 7");
    async function* split() {
      yield bytes.subarray(0, at + 4);
      yield bytes.subarray(at + 4, at + 7);
      yield bytes.subarray(at + 7);
    }
    expect(await countPdfPages(split())).toBe(7);
  });

  it("takes the tree the catalog names over a larger stray /Type /Pages", async () => {
    const bytes = handPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
      leaf(2),
      leaf(2),
      "<< /Type /Pages /Kids [] /Count 500 >>",
    ]);
    expect(await count(bytes)).toBe(2);
  });

  it("follows an incremental update and an indirect /Count", async () => {
    const first = handPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      leaf(2),
      "9",
    ]);
    const update = Buffer.from(
      "2 0 obj\n<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 4 0 R >>\nendobj\n" +
        "4 0 obj\n2\nendobj\n5 0 obj\n" +
        leaf(2) +
        "\nendobj\ntrailer\n<< /Size 6 /Root 1 0 R /Prev 0 >>\n%%EOF\n",
      "latin1",
    );
    expect(await count(first)).toBe(1);
    expect(await count(Buffer.concat([first, update]))).toBe(2);
  });

  it("skips stream data that looks like a page tree, by /Length and by 'endstream'", async () => {
    const fake = "2 0 obj << /Type /Pages /Count 999 >> endobj (not a PDF object: stream data)";
    const withLength = handPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      leaf(2),
      `<< /Length ${fake.length} >>\nstream\n${fake}\nendstream`,
    ]);
    expect(await count(withLength, 16)).toBe(1);
    // A /Length that is too short: the data runs to the "endstream" further on.
    const shortLength = handPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      leaf(2),
      `<< /Length 5 >>\nstream\n${fake}\nendstream`,
    ]);
    expect(await count(shortLength, 16)).toBe(1);
  });

  it("answers null for damaged files", async () => {
    expect(await count(Buffer.from("%PDF-1.7\n" + crypto.randomBytes(20000).toString("latin1"), "latin1"))).toBeNull();
    expect(await count(Buffer.alloc(0))).toBeNull();
    expect(await count(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Pages /Count 0 >> endobj\n"))).toBeNull();
    expect(await count(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Pages /Count (three) >> endobj\n"))).toBeNull();
    // Cut before the page tree's object stream ends: nothing to count.
    const compressed = await pdfLib(3, true);
    const cut = Buffer.from(compressed).indexOf("/ObjStm");
    expect(await count(compressed.subarray(0, cut + 40))).toBeNull();
    // Unbalanced dictionaries and strings do not throw.
    expect(await count(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Pages /Count 3 ( >> endobj\n"))).toBeNull();
    expect(await count(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Pages /Count 3 >> >> ] endobj\n"))).toBe(3);
  });

  it("counts a 30 MB file through a 64 KB window without holding it", async () => {
    const file = path.join(tmp, "large.pdf");
    const big = 30 * 1024 * 1024;
    const head = handPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
      leaf(2),
      leaf(2),
      leaf(2),
    ]);
    // The catalog and tree first, then a 30 MB stream of random bytes, then its /Length object
    // (indirect: the scan must find "endstream"), and a trailer.
    const out = fs.openSync(file, "w");
    fs.writeSync(out, head.subarray(0, head.indexOf("xref")));
    fs.writeSync(out, "6 0 obj\n<< /Length 7 0 R >>\nstream\n");
    const block = crypto.randomBytes(1024 * 1024);
    for (let written = 0; written < big; written += block.length) fs.writeSync(out, block);
    fs.writeSync(out, "\nendstream\nendobj\n7 0 obj\n" + big + "\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    fs.closeSync(out);

    const size = fs.statSync(file).size;
    expect(size).toBeGreaterThan(big);
    const stats = newStats();
    const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
    expect(await countPdfPages(stream, stats)).toBe(3);
    expect(stats.bytes).toBe(size); // read through to the end
    expect(stats.maxWindow).toBeLessThan(256 * 1024); // never more than a chunk and a tail
    expect(stats.maxObjectStream).toBe(0);
  });
});
