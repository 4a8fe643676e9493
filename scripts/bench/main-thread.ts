// `npm run bench:main-thread -- [path…]`: where a page's first load spends the browser's main
// thread, from a Chromium performance trace (CHROMIUM_PATH, /usr/bin/chromium by default) of the
// production build on loopback with the demo data; the paths default to `/` and `/cursos`.
//
// Lighthouse (`npm run bench:lighthouse`) simulates a 4× slower CPU and a slow network from one
// unthrottled load, so its Total Blocking Time moves by 100 ms or more between runs on a shared
// machine. This probe reads the real tasks instead, BENCH_MAIN_THREAD_RUNS times (8) per path,
// each in a fresh browser context: per run, the tasks after the first contentful paint longer
// than 12.5 ms (50 ms at Lighthouse's 4×), their blocking time at 4× (the part over 50 ms), and
// the main-thread time of the bootstrap's timers (DeferredScripts: inserting the module
// preloads). With BENCH_MAIN_THREAD_DETAIL=1, the first run's long tasks with what fills them
// (parsing, style, layout, script evaluation, timers). A tool for comparing two builds of the
// same page side by side on the same machine, not an absolute figure.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_MAIN_THREAD_PORT ?? 3340);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 8);
const DETAIL = process.env.BENCH_MAIN_THREAD_DETAIL === "1";
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/cursos"];

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string }; beginData?: { url?: string } };
};

const server: ChildProcess = spawn(process.execPath, ["scripts/e2e-server.ts"], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DIR_NAME: "bench-main-thread" },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${BASE}/login`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 600) throw new Error("El servidor no respondió a tiempo.");
  await sleep(100);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const inside = (outer: TraceEvent, e: TraceEvent) => e.ts >= outer.ts && e.ts + (e.dur ?? 0) <= outer.ts + outer.dur!;
const FILLERS = new Set(["ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "EvaluateScript", "v8.evaluateModule"]);
const FILLERS_WITH_URL = new Set(["EvaluateScript", "FunctionCall", "TimerFire"]);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const rows = [
  "| Página | tareas > 12,5 ms tras el FCP (mediana) | bloqueo a 4× (mediana) | temporizadores del arranque (mediana) | por corrida (bloqueo a 4×) |",
  "|---|---:|---:|---:|---|",
];
for (const pagePath of paths) {
  const longCounts: number[] = [];
  const blocking: number[] = [];
  const timers: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (e) => {
      events.push(...(e.value as unknown as TraceEvent[]));
    });
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,loading",
      transferMode: "ReportEvents",
    });
    await page.goto(`${BASE}${pagePath}`, { waitUntil: "load" });
    await page.waitForTimeout(2500); // hydration and the work after it
    await cdp.send("Tracing.end");
    await complete;
    await context.close();

    // The page's main thread: the one that parsed this document.
    const parse = events.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(BASE));
    if (!parse) throw new Error(`Sin traza del documento ${pagePath}.`);
    const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X");
    const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid)?.ts ?? parse.ts;
    const tasks = main.filter((e) => e.name === "RunTask");
    const long = tasks.filter((t) => t.dur! > 12_500 && t.ts + t.dur! > fcp);
    longCounts.push(long.length);
    blocking.push(long.reduce((sum, t) => sum + Math.max(0, (t.dur! / 1000) * 4 - 50), 0));
    const timerTasks = tasks.filter((t) => main.some((e) => e.name === "TimerFire" && inside(t, e)));
    timers.push(timerTasks.reduce((sum, t) => sum + t.dur! / 1000, 0));
    if (DETAIL && run === 0) {
      console.log(`\n${pagePath}: tareas > 12,5 ms tras el FCP (ms desde el FCP, duración, contenido)`);
      for (const task of long) {
        const filled = new Map<string, number>();
        for (const e of main) {
          if (e === task || !inside(task, e) || !(FILLERS.has(e.name) || FILLERS_WITH_URL.has(e.name))) continue;
          const url = (e.args?.data?.url ?? "").replace(BASE, "");
          const key = FILLERS_WITH_URL.has(e.name) && url ? `${e.name} ${url}` : e.name;
          filled.set(key, (filled.get(key) ?? 0) + e.dur! / 1000);
        }
        const parts = [...filled].sort((a, b) => b[1] - a[1]).slice(0, 5);
        console.log(
          `  +${((task.ts - fcp) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(1)} ms: ` +
            parts.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", "),
        );
      }
    }
  }
  rows.push(
    `| ${pagePath} | ${median(longCounts)} | ${median(blocking).toFixed(0)} ms | ${median(timers).toFixed(0)} ms | ` +
      `${blocking.map((b) => b.toFixed(0)).join(", ")} |`,
  );
}
await browser.close();
console.log(`\nHilo principal de la primera carga, ${RUNS} corridas por página, ${BASE}\n`);
console.log(rows.join("\n"));
process.exit(0);
