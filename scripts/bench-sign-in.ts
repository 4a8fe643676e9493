// `npm run bench:sign-in`: the morning a whole comuna's schools sign in at 8:00. Learners sign in
// through the /login form at BENCH_SIGNIN_RATE a second (25) for BENCH_SIGNIN_S seconds (60; 600
// is the full ten minutes, 15 000 learners), each with their own account and cookie, and each then
// opens /cursos, a course, /user and the course again, BENCH_SIGNIN_GAP_MS (2000) apart, as a
// person reads. Reports p50/p99 per step and for every page together; the goal is p99 < 200 ms
// (BENCH_SIGNIN_MAX_P99 sets it; exit 1 above it or on any failed answer).
//
// The production build on loopback with the demo data (scripts/e2e-server.ts, its own folder),
// plus one approved estudiante account per learner, added in SQL with the demo password's hash.
// The load generator runs on the same machine as the server: on 2 cores it takes part of them.
// The server runs as production should on this machine: WEB_CONCURRENCY processes, by default
// the server's own default (one per core, server/web-concurrency.ts); WEB_CONCURRENCY=1 measures a
// single process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ESTUDIANTE, DEMO_PASSWORD } from "../prisma/demo-accounts.ts";
import { webConcurrency } from "../server/web-concurrency.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3325);
const BASE = `http://127.0.0.1:${PORT}`;
const RATE = Number(process.env.BENCH_SIGNIN_RATE ?? 25);
const SECONDS = Number(process.env.BENCH_SIGNIN_S ?? 60);
const GAP_MS = Number(process.env.BENCH_SIGNIN_GAP_MS ?? 2000);
const MAX_P99 = Number(process.env.BENCH_SIGNIN_MAX_P99 ?? 200);
const LEARNERS = Math.max(1, Math.round(RATE * SECONDS));
const WORKERS = String(webConcurrency());
const DIR_NAME = "bench-sign-in";

const server = spawn(process.execPath, ["scripts/e2e-server.ts"], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DIR_NAME: DIR_NAME, WEB_CONCURRENCY: WORKERS },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/login`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error("El servidor no respondió a tiempo.");
}

/** One approved estudiante per learner (bench.NNNNN@ejemplo.cl), with the demo password. */
function addLearners(count: number) {
  const db = new DatabaseSync(path.join(root, ".tmp", DIR_NAME, "e2e.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO "User" (id, nombre, apellido, correo, rol, aprobado, aprobadoEn, correoConfirmado,
                           passwordHash, createdAt, updatedAt)
       SELECT 'bench' || printf('%06d', n.i), 'Estudiante', 'Número ' || n.i,
              'bench.' || printf('%06d', n.i) || '@ejemplo.cl', 'estudiante', 1, u.createdAt, 1,
              u.passwordHash, u.createdAt, u.updatedAt
       FROM n, "User" u WHERE u.correo = ?`,
    ).run(count, DEMO_ESTUDIANTE.correo);
  } finally {
    db.close();
  }
}

type Step = "login" | "/cursos" | "curso" | "/user" | "curso otra vez";
const latencies = new Map<Step, number[]>();
const failures = new Map<string, number>();

/** An answer as the load generator keeps it: the status and the cookies set. */
type Answer = { status: number; cookies: string[] };

/**
 * One request on a learner's own keep-alive connection (a phone's browser keeps one open), its
 * body read to the end and dropped (not decompressed). node:http rather than fetch: the generator
 * shares the server's two cores, and fetch's streams cost it about twice the CPU per learner,
 * which a real morning's phones do not take from the server (decision 017).
 */
function send(
  agent: http.Agent,
  method: "GET" | "POST",
  pathname: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${BASE}${pathname}`,
      { method, agent, headers: { "Accept-Encoding": "gzip", ...headers } },
      (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, cookies: response.headers["set-cookie"] ?? [] }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function timed(step: Step, request: () => Promise<Answer>, ok: (r: Answer) => boolean) {
  const t0 = performance.now();
  let response: Answer | null = null;
  try {
    response = await request();
  } catch {
    // counted below
  }
  const ms = performance.now() - t0;
  if (!latencies.has(step)) latencies.set(step, []);
  latencies.get(step)!.push(ms);
  if (!response || !ok(response)) {
    const what = `${step}: ${response?.status ?? "sin respuesta"}`;
    failures.set(what, (failures.get(what) ?? 0) + 1);
  }
  return response;
}

async function learner(i: number, course: string) {
  const correo = `bench.${String(i).padStart(6, "0")}@ejemplo.cl`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const signIn = await timed(
      "login",
      () =>
        send(
          agent,
          "POST",
          "/login",
          { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
          new URLSearchParams({ correo, password: DEMO_PASSWORD }).toString(),
        ),
      (r) => r.status === 302 || r.status === 303,
    );
    // The browser keeps every cookie the site sets (session, device, offline marker).
    const jar = new Map<string, string>();
    const keep = (response: Answer | null) => {
      for (const line of response?.cookies ?? []) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        if (at > 0) jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    keep(signIn);
    if (![...jar.keys()].some((name) => name.endsWith("academia_session"))) return;
    const open = async (step: Step, pathname: string) => {
      await sleep(GAP_MS);
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      keep(
        await timed(
          step,
          () => send(agent, "GET", pathname, { Cookie: cookie }),
          (r) => r.status === 200,
        ),
      );
    };
    await open("/cursos", "/cursos");
    await open("curso", `/cursos/${course}`);
    await open("/user", "/user");
    await open("curso otra vez", `/cursos/${course}`);
  } finally {
    agent.destroy();
  }
}

/**
 * CPU time (ms) the server's processes (e2e-server and its descendants) have used so far, read from
 * /proc (Linux; null elsewhere). Unlike latency it does not depend on what else the machine runs.
 */
function serverCpuMs(): number | null {
  if (!server.pid || !fs.existsSync("/proc/self/stat")) return null;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid … utime(14) stime(15): fields after the command's closing parenthesis.
      const text = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while we read
    }
  }
  const ours = new Set([server.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of ours) ticks += stats.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

await waitForServer();
addLearners(LEARNERS);
const featured = (await (await fetch(`${BASE}/api/cursos/destacados`)).json()) as { cursos: Array<{ id: string }> };
const course = featured.cursos[0]?.id;
if (!course) throw new Error("La base de demostración no tiene cursos destacados.");
// Warm-up: a few sign-ins and pages before the clock starts (JIT, pools).
for (let i = 0; i < 5; i++) await learner(LEARNERS - i, course);
latencies.clear();
failures.clear();
const cpuBefore = serverCpuMs();

console.log(
  `\nEntrada de la mañana: ${LEARNERS} estudiantes, ${RATE} inicios de sesión por segundo durante ${SECONDS} s ` +
    `(servidor con ${WORKERS} ${WORKERS === "1" ? "proceso" : "procesos"}); ` +
    `cada uno abre /cursos, un curso, /user y el curso otra vez, ${GAP_MS} ms entre páginas.`,
);
const started = performance.now();
const generatorBefore = process.cpuUsage();
const running: Promise<void>[] = [];
for (let i = 1; i <= LEARNERS - 5; i++) {
  const due = started + ((i - 1) * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  running.push(learner(i, course));
}
await Promise.all(running);
const lag = performance.now() - started - SECONDS * 1000;
const cpuAfter = serverCpuMs();
const generator = process.cpuUsage(generatorBefore);

const rows = ["| Paso | n | p50 ms | p99 ms | máx ms |", "|---|---:|---:|---:|---:|"];
const pages: number[] = [];
for (const [step, values] of latencies) {
  if (step !== "login") pages.push(...values);
  rows.push(
    `| ${step} | ${values.length} | ${pct(values, 50).toFixed(1)} | ${pct(values, 99).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`,
  );
}
const all = [...pages, ...(latencies.get("login") ?? [])];
rows.push(`| todas las páginas | ${pages.length} | ${pct(pages, 50).toFixed(1)} | ${pct(pages, 99).toFixed(1)} | - |`);
console.log(rows.join("\n"));
console.log(`\nDuración real: ${((SECONDS * 1000 + lag) / 1000).toFixed(1)} s (incluye el último recorrido).`);
if (cpuBefore !== null && cpuAfter !== null) {
  const perLearner = (cpuAfter - cpuBefore) / (LEARNERS - 5);
  console.log(`CPU del servidor por estudiante (inicio de sesión y cuatro páginas): ${perLearner.toFixed(1)} ms`);
  const own = (generator.user + generator.system) / 1000 / (LEARNERS - 5);
  console.log(`CPU del generador de carga por estudiante (en los mismos núcleos): ${own.toFixed(1)} ms`);
}
if (failures.size) console.log(`Respuestas fallidas: ${[...failures].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
const worst = pct(all, 99);
const met = worst < MAX_P99 && failures.size === 0;
console.log(
  `p99 de inicios de sesión y páginas: ${worst.toFixed(1)} ms (meta < ${MAX_P99} ms): ${met ? "cumplido" : "NO cumplido"}`,
);
server.kill("SIGTERM");
process.exit(met ? 0 : 1);
