// `npm run bench:lighthouse`: the production build on loopback with fresh demo data, and
// Lighthouse's mobile performance audit (its default: a mid-range phone on slow 4G with a 4×
// slower CPU, simulated) run LIGHTHOUSE_RUNS times (3) on `/`, `/cursos`, a published course
// page and `/login` with headless Chromium (CHROMIUM_PATH, /usr/bin/chromium by default). Prints
// per page the median performance score and the median LCP; with BENCH_LIGHTHOUSE_STRICT=1 it
// exits 1 when a median score is under 98 or a median LCP over 1.8 s. LIGHTHOUSE_MODULE names
// the lighthouse module to load ("lighthouse" by default: the devDependency).
//
// Side by side (BENCH_LIGHTHOUSE_BARE=0 to skip): the bare React Router page of 24 static cards
// that `npm run bench` compares requests per second with (scripts/bench/bare, built and served on
// BENCH_LIGHTHOUSE_PORT + 1) is audited first, the same way: what the framework alone scores on
// this machine at this moment (its Total Blocking Time is React's and React Router's own).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3330);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const STRICT = process.env.BENCH_LIGHTHOUSE_STRICT === "1";
const MIN_SCORE = 98;
const MAX_LCP_MS = 1800;

type LighthouseResult = {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number; displayValue?: string; score?: number | null; title?: string }>;
    runtimeError?: { message: string };
  };
};
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
const { default: lighthouse } = (await import(process.env.LIGHTHOUSE_MODULE ?? "lighthouse")) as {
  default: Lighthouse;
};

const children: Array<ReturnType<typeof spawn>> = [];
process.on("exit", () => children.forEach((child) => child.kill("SIGTERM")));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

const server = spawn(process.execPath, ["scripts/e2e-server.ts"], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DIR_NAME: "bench-lighthouse" },
  stdio: ["ignore", "ignore", "inherit"],
});
children.push(server);

const WITH_BARE = process.env.BENCH_LIGHTHOUSE_BARE !== "0";
const BARE_BASE = `http://127.0.0.1:${PORT + 1}`;
if (WITH_BARE) {
  const bareDir = path.join(root, "scripts/bench/bare");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: bareDir,
    stdio: "ignore",
  });
  const bare = spawn(
    process.execPath,
    [path.join(root, "node_modules/@react-router/serve/bin.cjs"), "build/server/index.js"],
    {
      cwd: bareDir,
      env: { ...process.env, NODE_ENV: "production", PORT: String(PORT + 1), HOST: "127.0.0.1" },
      stdio: "ignore",
    },
  );
  children.push(bare);
}

async function waitForServer(url = `${BASE}/login`) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error("El servidor no respondió a tiempo.");
}

/** Headless Chromium with a DevTools port of its own (read from its stderr). */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  process.on("exit", () => fs.rmSync(profile, { recursive: true, force: true }));
  const chromium = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--mute-audio",
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  children.push(chromium);
  return new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium no abrió su puerto: ${output}`)), 30_000);
    chromium.on("error", reject);
    chromium.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

await waitForServer();
if (WITH_BARE) await waitForServer(`${BARE_BASE}/`);
const catalog = await (await fetch(`${BASE}/cursos`)).text();
const courseId = /<article[^]*?href="\/cursos\/([^"/?#]+)"/.exec(catalog)?.[1];
if (!courseId) throw new Error("No hay un curso publicado en /cursos.");

const pages: Array<{ name: string; path: string; base?: string; reference?: boolean }> = [
  ...(WITH_BARE
    ? [{ name: "Página React Router desnuda (24 tarjetas; referencia)", path: "/", base: BARE_BASE, reference: true }]
    : []),
  { name: "Inicio /", path: "/" },
  { name: "Cursos /cursos", path: "/cursos" },
  { name: "Curso /cursos/{id}", path: `/cursos/${courseId}` },
  { name: "Login /login", path: "/login" },
];

const port = await launchChromium();
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });

/** One Lighthouse run; a run that fails to record the page (it happens now and then) is retried twice. */
async function audit(url: string, label: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const problem = result ? result.lhr.runtimeError?.message : "sin resultado";
    if (!problem) {
      if (REPORTS) fs.writeFileSync(path.join(REPORTS, `${label}.json`), JSON.stringify(result!.lhr));
      return result!.lhr;
    }
    if (attempt === 3) throw new Error(`Lighthouse falló en ${url}: ${problem}`);
    console.error(`Lighthouse falló en ${url} (${problem}); otra vez.`);
  }
}

const rows = ["| Página | puntaje (mediana) | LCP (mediana) | puntajes | LCP por corrida |", "|---|---:|---:|---|---|"];
const details: string[] = [];
let failed = false;
for (const [index, page] of pages.entries()) {
  const scores: number[] = [];
  const lcps: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const lhr = await audit(`${page.base ?? BASE}${page.path}`, `${index}-${run}`);
    scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
    lcps.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity);
    if (run === RUNS - 1) {
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "-";
      details.push(
        `${page.name}: FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
          `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
      );
    }
  }
  const score = median(scores);
  const lcp = median(lcps);
  if (!page.reference && (score < MIN_SCORE || lcp > MAX_LCP_MS)) failed = true;
  rows.push(
    `| ${page.name} | ${score} | ${(lcp / 1000).toFixed(2)} s | ${scores.join(", ")} | ` +
      `${lcps.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s |`,
  );
}

console.log(`\nLighthouse móvil (4G lenta, CPU 4×, simulado), ${RUNS} corridas por página, ${BASE}\n`);
console.log(rows.join("\n"));
console.log(`\nÚltima corrida:\n${details.map((line) => `- ${line}`).join("\n")}`);
console.log(
  `\nObjetivo: puntaje ≥ ${MIN_SCORE} y LCP ≤ ${(MAX_LCP_MS / 1000).toFixed(1)} s (medianas): ` +
    `${failed ? "NO cumplido" : "cumplido"}`,
);
process.exit(STRICT && failed ? 1 : 0);
