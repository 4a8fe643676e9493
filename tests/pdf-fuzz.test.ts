// The streaming page counter (app/lib/pdf-page-count.server.ts) reads untrusted uploads, so it is
// fuzzed here: thousands of PDFs from a seeded generator (tests/fixtures/pdf-fuzz-cases.ts:
// pdf-lib documents, each mutated: truncated, bytes flipped or inserted, parts duplicated, numbers
// blown up, nesting bombs, lying /Length values) fed in chunks of random sizes, and a deflate
// bomb. Whatever the bytes, the counter must answer a page count or null, never throw, hold a
// bounded window, and do work in proportion to the file (the characters it looks at, counted:
// this catches a loop or a quadratic scan on any machine, however loaded). How long the corpus
// takes is `npm run bench`'s (scripts/bench/timings/pdf-fuzz.timing.ts), not a test's. The seed is
// fixed, so a failure names a reproducible case. Decision 018 records why the counter is kept.
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { countPdfPages, type PageCountStats } from "~/lib/pdf-page-count.server.ts";
import { createRandom } from "../prisma/seed-assets.ts";
import { ascii, chunked, FUZZ_CASES, fuzzBases, fuzzCases } from "./fixtures/pdf-fuzz-cases.ts";

/** One object's text at most (MAX_OBJECT_CHARS) plus a chunk and a little: the window's bound. */
const WINDOW_BOUND = 1024 * 1024 + 65536 + 4096;
const OBJECT_STREAM_BOUND = 4 * 1024 * 1024;
/**
 * The characters looked at per byte of the file, at most (plus a constant): a small value's try
 * decodes up to 512 characters, a longer one's grows fourfold, so about 30 is the worst seen; a
 * scan that started over at every small chunk looked at thousands per byte in this corpus.
 */
const WORK_PER_BYTE = 64;
const WORK_CONSTANT = 64 * 1024;

describe("the page counter against mutated PDFs (a seeded fuzz)", () => {
  it(`answers a count or null for ${FUZZ_CASES} mutated files, never throws, within a bounded window and work`, async () => {
    const rnd = createRandom(1);
    const bases = await fuzzBases();
    // The unmutated files are counted right, in any chunking.
    for (const base of bases) {
      expect(await countPdfPages(chunked(base.bytes, () => 1 + Math.floor(rnd() * 300)))).toBe(base.pages);
    }

    const problems: string[] = [];
    const answers = { counted: 0, none: 0 };
    for (const { label, bytes, chunks } of fuzzCases(bases)) {
      const stats: PageCountStats = { maxWindow: 0, maxObjectStream: 0, bytes: 0, scanned: 0 };
      try {
        const pages = await countPdfPages(chunks(), stats);
        if (pages === null) answers.none++;
        else if (Number.isSafeInteger(pages) && pages >= 0) answers.counted++;
        else problems.push(`${label}: answered ${pages}`);
      } catch (error) {
        problems.push(`${label}: threw ${(error as Error).message}`);
      }
      if (stats.scanned! > WORK_PER_BYTE * bytes.length + WORK_CONSTANT)
        problems.push(`${label}: looked at ${stats.scanned} characters`);
      if (stats.maxWindow > WINDOW_BOUND) problems.push(`${label}: window ${stats.maxWindow}`);
      if (stats.maxObjectStream > OBJECT_STREAM_BOUND)
        problems.push(`${label}: object stream ${stats.maxObjectStream}`);
      if (stats.bytes !== bytes.length) problems.push(`${label}: read ${stats.bytes} of ${bytes.length} bytes`);
    }
    expect(problems).toEqual([]);
    // The mutations leave many files readable and make many unreadable: both paths ran.
    expect(answers.counted).toBeGreaterThan(FUZZ_CASES / 10);
    expect(answers.none).toBeGreaterThan(FUZZ_CASES / 20);
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
