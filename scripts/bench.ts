// `npm run bench`: the production build on loopback with fresh demo data. Reports, per key
// page and API call, requests/s and p50/p99 latency under a small concurrent load, and the
// gzip bytes of HTML, JavaScript and CSS a first load needs; checks the budgets
// (≤ 140 KB gzip JS, ≤ 20 KB gzip CSS per page). Bounded: fixed duration per endpoint.
// Side by side: a bare React Router page of 24 static cards (scripts/bench/bare, served by
// react-router-serve with its gzip) is measured before and after the app's pages, and each
// page's requests/s is printed as a ratio of it (goal: ≥ 0.85× and p99 < 50 ms for /, /cursos, a
// course page, anonymous and signed in, and a learner's own pages).
// Then the memory of ten concurrent 10 MB uploads (scripts/bench/upload-memory.ts).
// BENCH_ONLY=upload runs only that measurement (no page loads, no bare page):
// `BENCH_ONLY=upload npm run bench`.
// Last, the code paths' speed goals measured in process (scripts/bench/timings, also
// `npm run bench:timings` alone): the bounds that used to be wall-clock checks in tests.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { DEMO_ADMIN, DEMO_ESTUDIANTE } from "../prisma/demo-accounts.ts";
import { apiToken, sessionCookie } from "./bench/sign-in.ts";
import { measureUploadMemory, serverPid, UPLOAD_MEMORY_BUDGET } from "./bench/upload-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ONLY_UPLOAD = process.env.BENCH_ONLY === "upload";
const BARE_PORT = PORT + 1;
const BARE_BASE = `http://127.0.0.1:${BARE_PORT}`;
const BARE_DIR = path.join(root, "scripts/bench/bare");
const RATIO_GOAL = 0.85;
const P99_GOAL_MS = 50;
const JS_BUDGET = 140 * 1024;
const CSS_BUDGET = 20 * 1024;

const server = spawn(process.execPath, ["scripts/e2e-server.ts"], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DIR_NAME: "bench" },
  stdio: ["ignore", "ignore", "inherit"],
});
if (!ONLY_UPLOAD) {
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: BARE_DIR,
    stdio: "ignore",
  });
}
const bare = ONLY_UPLOAD
  ? null
  : spawn(process.execPath, [path.join(root, "node_modules/@react-router/serve/bin.cjs"), "build/server/index.js"], {
      cwd: BARE_DIR,
      env: { ...process.env, NODE_ENV: "production", PORT: String(BARE_PORT), HOST: "127.0.0.1" },
      stdio: "ignore",
    });
process.on("exit", () => {
  server.kill("SIGTERM");
  bare?.kill("SIGTERM");
});

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

type Target = {
  name: string;
  path: string;
  headers?: Record<string, string>;
  page?: boolean;
  /** Compared with the bare page. */
  ratio?: boolean;
  base?: string;
};

async function load(target: Target) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          const response = await fetch(`${target.base ?? BASE}${target.path}`, {
            headers: { "Accept-Encoding": "gzip", ...target.headers },
            redirect: "manual",
          });
          await response.arrayBuffer();
          if (response.status >= 400) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { rps: latencies.length / (DURATION_MS / 1000), p50: pct(50), p99: pct(99), errors };
}

const gzipSize = (buf: Buffer | string) => zlib.gzipSync(buf, { level: 9 }).length;

async function weigh(target: Target) {
  const response = await fetch(`${BASE}${target.path}`, { headers: target.headers });
  const html = await response.text();
  const assets = (re: RegExp) => [...new Set([...html.matchAll(re)].map((m) => m[1]!))];
  const js = assets(/(?:src|href)="(\/assets\/[^"]+\.js)"/g);
  const jsImports = assets(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g);
  // The module preloads that DeferredScripts (app/lib/deferred-scripts.tsx) inserts after the first paint.
  const deferred = /document\.currentScript\.nonce,(\[[^\]]*\])/.exec(html);
  const jsDeferred = deferred ? (JSON.parse(deferred[1]!) as string[]) : [];
  const css = assets(/href="(\/assets\/[^"]+\.css)"/g);
  const bytes = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSize(fs.readFileSync(path.join(root, "build/client", f))), 0);
  return {
    html: gzipSize(html),
    js: bytes([...new Set([...js, ...jsImports, ...jsDeferred])]),
    css: bytes(css),
  };
}

await waitForServer();
if (!ONLY_UPLOAD) await waitForServer(`${BARE_BASE}/`);
const token = await apiToken(BASE, DEMO_ADMIN.correo);
if (ONLY_UPLOAD) await measureUploads(false);
const adminCookie = await sessionCookie(BASE, DEMO_ADMIN.correo);
const studentCookie = await sessionCookie(BASE, DEMO_ESTUDIANTE.correo);

const list = (await (
  await fetch(`${BASE}/api/cursos/lista`, { headers: { Authorization: `Bearer ${token}` } })
).json()) as { cursos?: Array<{ id: string }> } | Array<{ id: string }>;
const someCourse = (Array.isArray(list) ? list : (list.cursos ?? []))[0]?.id ?? "none";
const featured = (await (await fetch(`${BASE}/api/cursos/destacados`)).json()) as { cursos: Array<{ id: string }> };
const publicCourse = featured.cursos[0]?.id ?? someCourse;
const bareTarget: Target = { name: "Página React Router desnuda (24 tarjetas)", path: "/", base: BARE_BASE };

const targets: Target[] = [
  { name: "Inicio /", path: "/", page: true, ratio: true },
  { name: "Cursos /cursos", path: "/cursos", page: true, ratio: true },
  { name: "Curso /cursos/{id}", path: `/cursos/${publicCourse}`, page: true, ratio: true },
  { name: "Destacados", path: "/cursos?destacados=true", page: true },
  { name: "Audiencia /cursos/docente", path: "/cursos/docente", page: true },
  { name: "Login /login", path: "/login", page: true },
  { name: "Registro /registro", path: "/registro", page: true },
  // A signed-in learner's pages, each rendered for them; the morning rush of first visits is bench:sign-in.
  { name: "Cursos con sesión", path: "/cursos", headers: { Cookie: studentCookie }, page: true, ratio: true },
  {
    name: "Curso con sesión",
    path: `/cursos/${publicCourse}`,
    headers: { Cookie: studentCookie },
    page: true,
    ratio: true,
  },
  { name: "Panel usuario /user", path: "/user", headers: { Cookie: studentCookie }, page: true, ratio: true },
  {
    name: "Mis cursos /user/courses",
    path: "/user/courses",
    headers: { Cookie: studentCookie },
    page: true,
    ratio: true,
  },
  {
    name: "Mis certificados /user/certificates",
    path: "/user/certificates",
    headers: { Cookie: studentCookie },
    page: true,
    ratio: true,
  },
  {
    name: "Mensajes /user/messages",
    path: "/user/messages",
    headers: { Cookie: studentCookie },
    page: true,
    ratio: true,
  },
  { name: "Perfil /user/profile", path: "/user/profile", headers: { Cookie: studentCookie }, page: true },
  { name: "Registros /admin/records", path: "/admin/records", headers: { Cookie: adminCookie }, page: true },
  {
    name: "Crear curso /docente/cursos/nuevo",
    path: "/docente/cursos/nuevo",
    headers: { Cookie: adminCookie },
    page: true,
  },
  {
    name: "Editor /docente/cursos/{id}/editar",
    path: `/docente/cursos/${someCourse}/editar`,
    headers: { Cookie: adminCookie },
    page: true,
  },
  { name: "Biblioteca admin /admin/library", path: "/admin/library", headers: { Cookie: adminCookie }, page: true },
  { name: "Mensajes admin /admin/messages", path: "/admin/messages", headers: { Cookie: adminCookie }, page: true },
  { name: "API GET /api/auth/users", path: "/api/auth/users", headers: { Authorization: `Bearer ${token}` } },
];

const rows: string[] = [];
let overBudget = false;
// Warm-up: every target a few times in a row first (JIT, caches, connection pools), so the
// first one measured does not pay for the others.
for (const target of [bareTarget, ...targets]) {
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${target.base ?? BASE}${target.path}`, {
      headers: { "Accept-Encoding": "gzip", ...target.headers },
      redirect: "manual",
    });
    await response.arrayBuffer();
  }
}
// The bare page before and after the app's pages: its mean is the reference for the ratios.
const bareBefore = await load(bareTarget);
const measured: Array<{ target: Target; stats: Awaited<ReturnType<typeof load>> }> = [];
for (const target of targets) measured.push({ target, stats: await load(target) });
const bareAfter = await load(bareTarget);
const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
const belowRatio: string[] = [];
rows.push(`| Ruta | req/s | × desnuda | p50 ms | p99 ms | errores | HTML gz | JS gz | CSS gz |`);
rows.push(`|---|---:|---:|---:|---:|---:|---:|---:|---:|`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
rows.push(
  `| ${bareTarget.name} | ${bareRps.toFixed(0)} | 1.00 | ${bareBefore.p50.toFixed(1)} | ${bareBefore.p99.toFixed(1)} | ` +
    `${bareBefore.errors + bareAfter.errors} | - | - | - |`,
);
for (const { target, stats } of measured) {
  const size = target.page ? await weigh(target) : null;
  if (size && (size.js > JS_BUDGET || size.css > CSS_BUDGET)) overBudget = true;
  const ratio = stats.rps / bareRps;
  if (target.ratio && (ratio < RATIO_GOAL || stats.p99 >= P99_GOAL_MS)) belowRatio.push(target.name);
  rows.push(
    `| ${target.name} | ${stats.rps.toFixed(0)} | ${ratio.toFixed(2)} | ${stats.p50.toFixed(1)} | ` +
      `${stats.p99.toFixed(1)} | ${stats.errors} | ` +
      `${size ? kb(size.html) : "-"} | ${size ? kb(size.js) : "-"} | ${size ? kb(size.css) : "-"} |`,
  );
}
console.log(`\nBench: ${CONCURRENCY} conexiones, ${DURATION_MS} ms por ruta, build de producción en ${BASE}\n`);
console.log(rows.join("\n"));
console.log(
  `\nFrente a la página desnuda (meta ≥ ${RATIO_GOAL}×, p99 < ${P99_GOAL_MS} ms): ` +
    (belowRatio.length ? `por debajo: ${belowRatio.join(", ")}` : "cumplido"),
);
console.log(
  `\nPresupuesto: JS ≤ ${JS_BUDGET / 1024} KB gzip, CSS ≤ ${CSS_BUDGET / 1024} KB gzip por página: ${overBudget ? "EXCEDIDO" : "cumplido"}`,
);

await measureUploads(overBudget);

/** The memory of concurrent uploads, reported; ends the process (failing when over a budget). */
async function measureUploads(overBudget: boolean): Promise<never> {
  // BENCH_UPLOADS=N sends N at once instead of ten (the rise should not grow with N).
  const count = Number(process.env.BENCH_UPLOADS ?? 10) || 10;
  const uploads = await measureUploadMemory(BASE, token, serverPid(server.pid!), count);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const uploadsOver = uploads.rise > UPLOAD_MEMORY_BUDGET;
  console.log(
    `\nSubidas: ${uploads.count} PDF de ${mb(uploads.fileBytes)} a la vez en ${uploads.seconds.toFixed(1)} s; ` +
      `memoria residente ${mb(uploads.before)} → pico ${mb(uploads.peak)} (+${mb(uploads.rise)}; ` +
      `presupuesto +${mb(UPLOAD_MEMORY_BUDGET)}): ${uploadsOver ? "EXCEDIDO" : "cumplido"}`,
  );
  server.kill("SIGTERM");
  const timings = ONLY_UPLOAD
    ? null
    : spawnSync("npm", ["run", "--silent", "bench:timings"], { cwd: root, stdio: "inherit" });
  process.exit(overBudget || uploadsOver || (timings && timings.status !== 0) ? 1 : 0);
}
