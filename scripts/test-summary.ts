// Prints one closing line for CI from the JSON reports that `npm test` leaves in .tmp/results:
// "tests: N passed, N failed, N skipped".
import fs from "node:fs";

function read(file: string) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ["vitest.json", "vitest-pg.json"]) {
  const vitest = read(`.tmp/results/${file}`);
  if (!vitest) continue;
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
for (const file of ["playwright.json", "playwright-scale.json", "playwright-scale-cross.json"]) {
  const playwright = read(`.tmp/results/${file}`);
  if (!playwright?.stats) continue;
  passed += playwright.stats.expected ?? 0;
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
  skipped += playwright.stats.skipped ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
