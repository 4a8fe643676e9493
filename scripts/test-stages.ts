// `npm test`: every stage of the test run, one after the other, each timed. Stops
// at the first stage that fails, then prints a table of the stages' times (wall and CPU) (also written to
// .tmp/results/stages.json) and exits with that stage's code.
//
//   node scripts/test-stages.ts                 (npm test)
//   node scripts/test-stages.ts test:pg build   (only these stages, in this order)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The stages of `npm test`, in order: each is an npm script of package.json. */
const STAGES = ["lint", "typecheck", "test:unit", "test:pg", "build", "test:e2e", "test:scale"];

type Stage = {
  stage: string;
  seconds: number;
  cpuSeconds?: number;
  status: "ok" | "failed" | "not run";
  code?: number;
};

/**
 * CPU seconds (user + system) of this process's finished children and their descendants (Linux:
 * /proc/self/stat's cutime and cstime), or undefined elsewhere. Unlike the wall time, it hardly
 * moves with the machine's load: the figure to compare between runs on a shared machine.
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of proc(5) (cutime, cstime), counted from 1 with pid and comm first.
    return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

function formatSeconds(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = (seconds % 60).toFixed(1).padStart(m ? 4 : 1, "0");
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** The closing table: one row per stage, then the total. */
function stageTable(rows: Stage[]): string {
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  const cpuTotal = rows.reduce((sum, row) => sum + (row.cpuSeconds ?? 0), 0);
  const width = Math.max(...rows.map((row) => row.stage.length), "total".length);
  const cpu = (seconds: number | undefined) => (seconds === undefined ? "" : formatSeconds(seconds)).padStart(13);
  const lines = rows.map((row) =>
    row.status === "not run"
      ? `  ${row.stage.padEnd(width)}  ${"".padStart(13)}  ${"".padStart(13)}  not run`
      : `  ${row.stage.padEnd(width)}  ${formatSeconds(row.seconds).padStart(13)}  ${cpu(row.cpuSeconds)}  ${row.status}${row.code ? ` (exit ${row.code})` : ""}`,
  );
  return [
    `stages (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)} at the end):`,
    `  ${"stage".padEnd(width)}  ${"time".padStart(13)}  ${"CPU".padStart(13)}`,
    ...lines,
    `  ${"total".padEnd(width)}  ${formatSeconds(total).padStart(13)}  ${cpu(cpuTotal)}`,
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
    const cpuBefore = childrenCpuSeconds();
    const result = spawnSync(npm, ["run", stage], { stdio: "inherit" });
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = childrenCpuSeconds();
    const cpuSeconds = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    exitCode = result.status ?? 1;
    rows.push({
      stage,
      seconds,
      ...(cpuSeconds === undefined ? {} : { cpuSeconds }),
      status: exitCode === 0 ? "ok" : "failed",
      ...(exitCode ? { code: exitCode } : {}),
    });
  }
  fs.mkdirSync(path.join(".tmp", "results"), { recursive: true });
  fs.writeFileSync(path.join(".tmp", "results", "stages.json"), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\n${stageTable(rows)}`);
  process.exit(exitCode);
}
