// The page counter over the fuzz corpus (tests/fixtures/pdf-fuzz-cases.ts): each mutated file
// within PER_FILE_MS (the bound tests/pdf-fuzz.test.ts had as a wall-clock check; it now counts
// the work instead). Reports the slowest cases and the corpus's total.
import { expect, it } from "vitest";
import { countPdfPages } from "~/lib/pdf-page-count.server.ts";
import { fuzzBases, fuzzCases } from "../../../tests/fixtures/pdf-fuzz-cases.ts";

const PER_FILE_MS = 2000;

it(`counts each mutated PDF of the fuzz corpus within ${PER_FILE_MS} ms`, async () => {
  const times: Array<{ label: string; ms: number }> = [];
  for (const { label, chunks } of fuzzCases(await fuzzBases())) {
    const started = performance.now();
    try {
      await countPdfPages(chunks());
    } catch {
      // the test's concern
    }
    times.push({ label, ms: performance.now() - started });
  }
  times.sort((a, b) => b.ms - a.ms);
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  console.info(
    `Contador de páginas, ${times.length} PDF alterados: ${Math.round(total)} ms en total; los más lentos:\n` +
      times
        .slice(0, 3)
        .map((t) => `  ${t.label}: ${t.ms.toFixed(0)} ms`)
        .join("\n"),
  );
  expect(times.filter((t) => t.ms > PER_FILE_MS).map((t) => `${t.label}: ${t.ms.toFixed(0)} ms`)).toEqual([]);
});
