// `npm test`: every stage of the test run, one after the other, each timed (issue 25 §6). Stops
// at the first stage that fails, then prints a table of the stages' times (also written to
// .tmp/results/stages.json) and exits with that stage's code.
//
//   node scripts/test-stages.ts                 (npm test)
//   node scripts/test-stages.ts test:pg build   (only these stages, in this order)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The stages of `npm test`, in order: each is an npm script of package.json. */
export const STAGES = ["lint", "typecheck", "test:unit", "test:pg", "build", "test:e2e", "test:scale"];

type Stage = { stage: string; seconds: number; status: "ok" | "failed" | "not run"; code?: number };

function formatSeconds(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = (seconds % 60).toFixed(1).padStart(m ? 4 : 1, "0");
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** The closing table: one row per stage, then the total. */
export function stageTable(rows: Stage[]): string {
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  const width = Math.max(...rows.map((row) => row.stage.length), "total".length);
  const lines = rows.map(
    (row) =>
      `  ${row.stage.padEnd(width)}  ${(row.status === "not run" ? "" : formatSeconds(row.seconds)).padStart(13)}  ${row.status}${row.code ? ` (exit ${row.code})` : ""}`,
  );
  return [
    `stages (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)} at the end):`,
    ...lines,
    `  ${"total".padEnd(width)}  ${formatSeconds(total).padStart(13)}`,
  ].join("\n");
}

if (import.meta.main) {
  const wanted = process.argv.slice(2);
  const stages = wanted.length ? wanted : STAGES;
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const rows: Stage[] = [];
  let exitCode = 0;
  for (const stage of stages) {
    if (exitCode !== 0) {
      rows.push({ stage, seconds: 0, status: "not run" });
      continue;
    }
    const started = performance.now();
    const result = spawnSync(npm, ["run", stage], { stdio: "inherit" });
    const seconds = (performance.now() - started) / 1000;
    exitCode = result.status ?? 1;
    rows.push({ stage, seconds, status: exitCode === 0 ? "ok" : "failed", ...(exitCode ? { code: exitCode } : {}) });
  }
  fs.mkdirSync(path.join(".tmp", "results"), { recursive: true });
  fs.writeFileSync(path.join(".tmp", "results", "stages.json"), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\n${stageTable(rows)}`);
  process.exit(exitCode);
}
