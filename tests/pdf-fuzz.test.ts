// The streaming page counter (app/lib/pdf-page-count.server.ts) reads untrusted uploads, so it is
// fuzzed here: thousands of PDFs from a seeded generator (pdf-lib documents with and without
// object streams), each mutated (truncated, bytes flipped or inserted, parts duplicated, numbers
// blown up, nesting bombs, lying /Length values, a deflate bomb) and fed in chunks of random
// sizes. Whatever the bytes, the counter must answer a page count or null, never throw, hold a
// bounded window, and finish each file in bounded time (generous: this catches a loop or a
// quadratic scan, not a slow machine). The seed is fixed, so a failure names a reproducible case.
// Decision 018 records why the counter is kept rather than replaced.
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { countPdfPages, type PageCountStats } from "~/lib/pdf-page-count.server.ts";
import { createRandom } from "../prisma/seed-assets.ts";

const CASES = 2400;
const SEED = 20261126;
/** One object's text at most (MAX_OBJECT_CHARS) plus a chunk and a little: the window's bound. */
const WINDOW_BOUND = 1024 * 1024 + 65536 + 4096;
const OBJECT_STREAM_BOUND = 4 * 1024 * 1024;
const PER_FILE_MS = 2000;

async function* chunked(bytes: Uint8Array, next: () => number) {
  for (let at = 0; at < bytes.length;) {
    const size = Math.max(1, next());
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function basePdf(pages: number, useObjectStreams: boolean) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`Página ${i + 1}`, { x: 20, y: 100, size: 12 });
  return doc.save({ useObjectStreams });
}

const ascii = (text: string) => Buffer.from(text, "latin1");

/** One mutation of `bytes`, chosen and placed by `rnd`. */
function mutate(bytes: Uint8Array, rnd: () => number): { name: string; bytes: Uint8Array } {
  const at = () => Math.floor(rnd() * bytes.length);
  const splice = (where: number, insert: Uint8Array, remove = 0) =>
    Buffer.concat([bytes.subarray(0, where), insert, bytes.subarray(where + remove)]);
  switch (Math.floor(rnd() * 9)) {
    case 0:
      return { name: "truncated", bytes: bytes.subarray(0, at()) };
    case 1: {
      const out = Buffer.from(bytes);
      for (let k = 1 + Math.floor(rnd() * 24); k > 0; k--) out[at()] = Math.floor(rnd() * 256);
      return { name: "bytes flipped", bytes: out };
    }
    case 2: {
      const junk = Buffer.alloc(1 + Math.floor(rnd() * 512));
      for (let i = 0; i < junk.length; i++) junk[i] = Math.floor(rnd() * 256);
      return { name: "bytes inserted", bytes: splice(at(), junk) };
    }
    case 3: {
      const from = at();
      return { name: "part duplicated", bytes: splice(at(), bytes.subarray(from, from + Math.floor(rnd() * 4096))) };
    }
    case 4: {
      // Every number after a random point replaced by a huge or negative one.
      const text = Buffer.from(bytes).toString("latin1");
      const cut = at();
      const huge = ["99999999999999999999", "-1", "1e308", "4294967296", "0"][Math.floor(rnd() * 5)]!;
      return { name: `numbers → ${huge}`, bytes: ascii(text.slice(0, cut) + text.slice(cut).replace(/\d+/g, huge)) };
    }
    case 5: {
      const open = ["<<", "[", "(", "<"][Math.floor(rnd() * 4)]!;
      return {
        name: `nesting bomb ${open}`,
        bytes: splice(at(), ascii(`1 0 obj ${open.repeat(1000 + Math.floor(rnd() * 20000))}`)),
      };
    }
    case 6:
      return {
        name: "lying /Length",
        bytes: splice(
          at(),
          ascii(`\n7 0 obj << /Length ${Math.floor(rnd() * 1e9)} >> stream\nxyz\nendstream endobj\n`),
        ),
      };
    case 7:
      return {
        name: "page tree loops",
        bytes: splice(
          at(),
          ascii(
            "\n40 0 obj << /Type /Pages /Kids [40 0 R] /Count 41 0 R >> endobj\n41 0 obj 40 0 R endobj\n" +
              "42 0 obj << /Type /Catalog /Pages 40 0 R >> endobj\ntrailer << /Root 42 0 R /Root 42 0 R >>\n",
          ),
        ),
      };
    default:
      return { name: "unterminated string", bytes: splice(at(), ascii(`(${"\\".repeat(Math.floor(rnd() * 5000))}`)) };
  }
}

describe("the page counter against mutated PDFs (a seeded fuzz)", () => {
  it(`answers a count or null for ${CASES} mutated files, never throws, within bounded window and time`, async () => {
    const rnd = createRandom(SEED); // seeded: every run makes the same cases
    const bases: Array<{ pages: number; bytes: Uint8Array }> = [];
    for (const pages of [1, 3, 12])
      for (const streams of [false, true]) bases.push({ pages, bytes: await basePdf(pages, streams) });

    // The unmutated files are counted right, in any chunking.
    for (const base of bases) {
      expect(await countPdfPages(chunked(base.bytes, () => 1 + Math.floor(rnd() * 300)))).toBe(base.pages);
    }

    const problems: string[] = [];
    const answers = { counted: 0, none: 0 };
    for (let i = 0; i < CASES; i++) {
      const base = bases[Math.floor(rnd() * bases.length)]!;
      let bytes = base.bytes;
      const names: string[] = [];
      // One to three mutations on top of each other.
      for (let k = 1 + Math.floor(rnd() * 3); k > 0; k--) {
        const mutated = mutate(bytes, rnd);
        names.push(mutated.name);
        bytes = mutated.bytes;
      }
      const tiny = rnd() < 0.2;
      const sizes = () => (tiny ? 1 + Math.floor(rnd() * 8) : 1 + Math.floor(rnd() * 65536));
      const stats: PageCountStats = { maxWindow: 0, maxObjectStream: 0, bytes: 0 };
      const started = performance.now();
      const label = `case ${i} (${names.join(", ")}; ${bytes.length} bytes)`;
      try {
        const pages = await countPdfPages(chunked(bytes, sizes), stats);
        if (pages === null) answers.none++;
        else if (Number.isSafeInteger(pages) && pages >= 0) answers.counted++;
        else problems.push(`${label}: answered ${pages}`);
      } catch (error) {
        problems.push(`${label}: threw ${(error as Error).message}`);
      }
      const ms = performance.now() - started;
      if (ms > PER_FILE_MS) problems.push(`${label}: ${ms.toFixed(0)} ms`);
      if (stats.maxWindow > WINDOW_BOUND) problems.push(`${label}: window ${stats.maxWindow}`);
      if (stats.maxObjectStream > OBJECT_STREAM_BOUND)
        problems.push(`${label}: object stream ${stats.maxObjectStream}`);
      if (stats.bytes !== bytes.length) problems.push(`${label}: read ${stats.bytes} of ${bytes.length} bytes`);
    }
    expect(problems).toEqual([]);
    // The mutations leave many files readable and make many unreadable: both paths ran.
    expect(answers.counted).toBeGreaterThan(CASES / 10);
    expect(answers.none).toBeGreaterThan(CASES / 20);
  }, 180_000);

  it("a deflate bomb in an object stream is not inflated past its bound", async () => {
    // 64 MB of spaces deflate to ~64 KB: an object stream claiming them must be cut at the
    // inflate bound (16 MB) or skipped, and the file still answers.
    const bomb = zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
    const bytes = Buffer.concat([
      ascii("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"),
      ascii("2 0 obj << /Type /Pages /Kids [] /Count 4 >> endobj\n"),
      ascii(`3 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >> stream\n`),
      bomb,
      ascii("\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    ]);
    const before = process.memoryUsage().rss;
    const stats: PageCountStats = { maxWindow: 0, maxObjectStream: 0, bytes: 0 };
    expect(
      await countPdfPages(
        chunked(bytes, () => 65536),
        stats,
      ),
    ).toBe(4);
    expect(stats.maxObjectStream).toBeLessThanOrEqual(OBJECT_STREAM_BOUND);
    // Far below the 64 MB the bomb would take inflated whole.
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });
});
