// `npm run bench:scale` (issue 13, goal 1): how the cost of every public page, panel page,
// admin list and search, and API list grows from the demo database to a large one.
//
// One production build, one folder (.tmp/bench-scale): the e2e server migrates and seeds the
// demo data and is measured; then it is stopped, scripts/bench/large-db.ts adds 100 000
// courses, 300 000 modules and questions, 100 000 users, 500 000 enrolments, 200 000 messages…
// in SQL (no ANALYZE: the app is expected to keep its own statistics), and the same server is
// started again on that database (E2E_KEEP_DB=1) and measured the same way. Per target: a
// sequential warm-up, then a fixed small concurrency for a fixed time, gzip accepted; p50/p99
// on each database and the growth (p50 large / p50 demo). Rows are matched by label: "deep
// page" is the last page on the demo database and page 2000 (4000 for the API) on the large one.
//
// Settings (environment): BENCH_SCALE_PORT (3330), BENCH_SCALE_CONCURRENCY (4), BENCH_SCALE_MS
// (2000 per target), BENCH_SCALE_WARMUP_MS (500), BENCH_SCALE_FACTOR (1: the size of the large
// database, smaller for a quick try), BENCH_SCALE_ONLY (a regular expression on labels or
// paths), BENCH_SCALE_MAX (when set: exit 1 if the worst growth exceeds it or a response was
// not 200). The last line printed is always `worst growth: N.N× PATH`.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ADMIN, DEMO_ESTUDIANTE } from "../prisma/demo-accounts.ts";
import { apiToken, sessionCookie } from "./bench/sign-in.ts";
import { formatCounts, generateLargeDb } from "./bench/large-db.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 3330);
const BASE = `http://127.0.0.1:${PORT}`;
const DIR_NAME = "bench-scale";
const DB_FILE = path.join(root, ".tmp", DIR_NAME, "e2e.db");
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_SCALE_CONCURRENCY ?? 4));
const DURATION_MS = Number(process.env.BENCH_SCALE_MS ?? 2000);
const WARMUP_MS = Number(process.env.BENCH_SCALE_WARMUP_MS ?? 500);
const SCALE = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
const ONLY = process.env.BENCH_SCALE_ONLY ? new RegExp(process.env.BENCH_SCALE_ONLY, "i") : null;
const MAX = process.env.BENCH_SCALE_MAX ? Number(process.env.BENCH_SCALE_MAX) : null;

type Auth = "studentCookie" | "adminCookie" | "studentToken" | "adminToken";
/** `after`: the page is reached as users reach it, by the "next" link of the page `after` names. */
type Target = { label: string; path: string; auth?: Auth; after?: string };
type Stats = { path: string; p50: number; p99: number; n: number; errors: Map<string, number> };
type Context = {
  /** A published course of the seed (with modules and quizzes): the same id on both databases. */
  seededCourse: string;
  /** The published course with most participants on this database. */
  topCourse: string;
  studentId: string;
  /** Last page of /cursos and /api/cursos/lista for a visitor, and of /admin/courses. */
  lastCatalogPage: number;
  lastAdminPage: number;
};

let server: ChildProcess | null = null;
const seenServerLines = new Set<string>();
process.on("exit", () => server?.kill("SIGTERM"));

async function startServer(keep: boolean) {
  server = spawn(process.execPath, ["scripts/e2e-server.ts"], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(PORT), E2E_DIR_NAME: DIR_NAME, E2E_KEEP_DB: keep ? "1" : "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // The server's errors and warnings, each distinct line once (a warning per request would bury the rest).
  createInterface({ input: server.stderr! }).on("line", (line) => {
    if (seenServerLines.has(line)) return;
    seenServerLines.add(line);
    console.error(`  servidor: ${line}`);
  });
  const exited = new Promise<never>((_, reject) =>
    server!.once("exit", (code) => reject(new Error(`El servidor terminó antes de responder (código ${code}).`))),
  );
  const ready = (async () => {
    for (let i = 0; i < 1200; i++) {
      try {
        if ((await fetch(`${BASE}/login`)).ok) return;
      } catch {
        // not up yet
      }
      await sleep(100);
    }
    throw new Error("El servidor no respondió a tiempo.");
  })();
  await Promise.race([ready, exited]);
}

async function stopServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function credentials(): Promise<Record<Auth, Record<string, string>>> {
  return {
    studentCookie: { Cookie: await sessionCookie(BASE, DEMO_ESTUDIANTE.correo) },
    adminCookie: { Cookie: await sessionCookie(BASE, DEMO_ADMIN.correo) },
    studentToken: { Authorization: `Bearer ${await apiToken(BASE, DEMO_ESTUDIANTE.correo)}` },
    adminToken: { Authorization: `Bearer ${await apiToken(BASE, DEMO_ADMIN.correo)}` },
  };
}

/** Ids and page counts of the database the server is about to serve (read-only, WAL-safe). */
function readContext(seededCourse?: string): Context {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    const one = (sql: string, ...params: string[]) => db.prepare(sql).get(...params) as Record<string, unknown>;
    const published = Number(one(`SELECT count(*) AS n FROM "Course" WHERE estado = 'publicado'`).n);
    const all = Number(one(`SELECT count(*) AS n FROM "Course"`).n);
    return {
      seededCourse:
        seededCourse ??
        String(
          one(
            `SELECT c.id FROM "Course" c WHERE c.estado = 'publicado'
             ORDER BY (SELECT count(*) FROM "Module" m WHERE m.cursoId = c.id) DESC, c.createdAt, c.id LIMIT 1`,
          ).id,
        ),
      topCourse: String(
        one(
          `SELECT id FROM "Course" WHERE estado = 'publicado'
           ORDER BY cantidadParticipantes DESC, createdAt DESC, id LIMIT 1`,
        ).id,
      ),
      studentId: String(one(`SELECT id FROM "User" WHERE correo = ?`, DEMO_ESTUDIANTE.correo).id),
      lastCatalogPage: Math.max(1, Math.ceil(published / 24)),
      lastAdminPage: Math.max(1, Math.ceil(all / 25)),
    };
  } finally {
    db.close();
  }
}

function targets(ctx: Context, large: boolean): Target[] {
  const deep = large ? 2000 : ctx.lastCatalogPage;
  const deepApi = large ? 4000 : ctx.lastCatalogPage;
  const deepAdmin = large ? 2000 : ctx.lastAdminPage;
  const list: Target[] = [
    // Public pages (a visitor; the library needs an account: the demo estudiante's).
    { label: "Inicio", path: "/" },
    { label: "Cursos", path: "/cursos" },
    { label: "Cursos, página 2", path: "/cursos?page=2" },
    { label: "Cursos, página profunda (?page=N tecleado)", path: `/cursos?page=${deep}` },
    { label: "Cursos, página profunda por su enlace", path: "", after: `/cursos?page=${deep - 1}` },
    { label: "Cursos destacados", path: "/cursos?destacados=true" },
    { label: "Cursos para estudiantes", path: "/cursos/dirigido/estudiante" },
    { label: "Página de un curso", path: `/cursos/${ctx.seededCourse}` },
    { label: "Biblioteca", path: "/biblioteca", auth: "studentCookie" },
    { label: "Biblioteca, búsqueda", path: "/biblioteca?q=educacion", auth: "studentCookie" },
    { label: "Login (control)", path: "/login" },
    // JSON API lists.
    { label: "API cursos", path: "/api/cursos/lista?page=1" },
    { label: "API cursos, página profunda (?page=N tecleado)", path: `/api/cursos/lista?page=${deepApi}` },
    {
      label: "API cursos, página profunda por su enlace",
      path: "",
      after: `/api/cursos/lista?page=${deepApi - 1}`,
    },
    { label: "API destacados", path: "/api/cursos/destacados" },
    { label: "API cursos para estudiantes", path: "/api/cursos/publico/estudiante" },
    { label: "API un curso", path: `/api/cursos/${ctx.seededCourse}` },
    { label: "API libros", path: "/api/books/libros", auth: "studentToken" },
    { label: "API libros, búsqueda", path: "/api/books/libros?q=educacion", auth: "studentToken" },
    { label: "API mis cursos", path: `/api/auth/${ctx.studentId}/cursos-inscritos`, auth: "studentToken" },
    { label: "API mensajes", path: "/api/mensajes", auth: "studentToken" },
    { label: "API certificados", path: `/api/certificados/usuario/${ctx.studentId}`, auth: "studentToken" },
    { label: "API usuarios (admin)", path: "/api/auth/users", auth: "adminToken" },
    { label: "API participantes (admin)", path: `/api/cursos/${ctx.topCourse}/participantes`, auth: "adminToken" },
    // Admin insight (issue 15): the summary from the Tally; a course's report and gradebook on
    // the course with most participants.
    { label: "API resumen (admin)", path: "/api/admin/resumen", auth: "adminToken" },
    {
      label: "API reporte de un curso (admin)",
      path: `/api/admin/cursos/${ctx.topCourse}/reporte`,
      auth: "adminToken",
    },
    {
      label: "API calificaciones (admin)",
      path: `/api/admin/cursos/${ctx.topCourse}/calificaciones?page=1`,
      auth: "adminToken",
    },
    // The demo estudiante's panel.
    { label: "Panel estudiante", path: "/user", auth: "studentCookie" },
    { label: "Mis cursos", path: "/user/courses", auth: "studentCookie" },
    { label: "Mis cursos, búsqueda", path: "/user/courses?q=programacion", auth: "studentCookie" },
    { label: "Mensajes estudiante", path: "/user/messages", auth: "studentCookie" },
    { label: "Perfil estudiante", path: "/user/profile", auth: "studentCookie" },
    // The demo admin's panel.
    { label: "Admin resumen", path: "/admin", auth: "adminCookie" },
    { label: "Admin cursos", path: "/admin/courses", auth: "adminCookie" },
    { label: "Admin cursos, búsqueda", path: "/admin/courses?q=robotica", auth: "adminCookie" },
    {
      label: "Admin cursos, página profunda (?page=N tecleado)",
      path: `/admin/courses?page=${deepAdmin}`,
      auth: "adminCookie",
    },
    {
      label: "Admin cursos, página profunda por su enlace",
      path: "",
      after: `/admin/courses?page=${deepAdmin - 1}`,
      auth: "adminCookie",
    },
    { label: "Admin editor de curso", path: `/admin/courses/edit/${ctx.seededCourse}`, auth: "adminCookie" },
    { label: "Admin participantes", path: `/admin/courses/participantes/${ctx.topCourse}`, auth: "adminCookie" },
    { label: "Admin reportes de un curso", path: `/admin/courses/reportes/${ctx.topCourse}`, auth: "adminCookie" },
    { label: "Admin calificaciones", path: `/admin/courses/calificaciones/${ctx.topCourse}`, auth: "adminCookie" },
    { label: "Admin registros", path: "/admin/records", auth: "adminCookie" },
    { label: "Admin registros, búsqueda", path: "/admin/records?q=gonzalez", auth: "adminCookie" },
    { label: "Admin biblioteca", path: "/admin/library", auth: "adminCookie" },
    { label: "Admin biblioteca, búsqueda", path: "/admin/library?q=educacion", auth: "adminCookie" },
    { label: "Admin correos salientes", path: "/admin/outbox", auth: "adminCookie" },
    { label: "Admin mensajes", path: "/admin/messages", auth: "adminCookie" },
    { label: "Admin contacto", path: "/admin/contact-messages", auth: "adminCookie" },
  ];
  return ONLY ? list.filter((t) => ONLY.test(t.label) || ONLY.test(t.path)) : list;
}

async function measure(target: Target, headers: Record<string, string>): Promise<Stats> {
  const errors = new Map<string, number>();
  const once = async () => {
    const t0 = performance.now();
    try {
      const response = await fetch(`${BASE}${target.path}`, {
        headers: { "Accept-Encoding": "gzip", ...headers },
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status !== 200) errors.set(String(response.status), (errors.get(String(response.status)) ?? 0) + 1);
    } catch (error) {
      const key = error instanceof Error ? error.message : String(error);
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
    return performance.now() - t0;
  };
  // Warm-up: sequential, at least two requests; not counted.
  const warmEnd = performance.now() + WARMUP_MS;
  for (let i = 0; i < 2 || performance.now() < warmEnd; i++) await once();
  errors.clear();
  const latencies: number[] = [];
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      do latencies.push(await once());
      while (performance.now() < end);
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { path: target.path, p50: pct(50), p99: pct(99), n: latencies.length, errors };
}

/** The "next" link of a page: the API's Link header, or the page's rel="next" anchor. */
async function nextLink(path: string, headers: Record<string, string>) {
  const response = await fetch(`${BASE}${path}`, { headers, redirect: "manual" });
  const fromHeader = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1];
  if (fromHeader) return fromHeader;
  const html = await response.text();
  const anchor = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0] ?? "";
  const href = /\bhref="([^"]+)"/.exec(anchor)?.[1];
  if (!href) return path; // no next page (a short demo list): the page itself
  const url = new URL(href.replaceAll("&amp;", "&"), `${BASE}${path}`);
  return `${url.pathname}${url.search}`;
}

async function measureAll(ctx: Context, large: boolean, phase: string) {
  const auth = await credentials();
  const results = new Map<string, Stats>();
  const list = targets(ctx, large);
  for (const target of list) {
    if (target.after) target.path = await nextLink(target.after, target.auth ? auth[target.auth] : {});
  }
  // One sequential pass over every target first: the server's code is compiled and its caches
  // filled before anything is timed.
  for (const target of list) {
    const response = await fetch(`${BASE}${target.path}`, {
      headers: { "Accept-Encoding": "gzip", ...(target.auth ? auth[target.auth] : {}) },
      redirect: "manual",
    }).catch(() => null);
    await response?.arrayBuffer();
  }
  for (const [i, target] of list.entries()) {
    const stats = await measure(target, target.auth ? auth[target.auth] : {});
    results.set(target.label, stats);
    const errs = stats.errors.size ? `  errores: ${[...stats.errors].map(([k, v]) => `${k}×${v}`).join(", ")}` : "";
    console.error(
      `  [${phase} ${i + 1}/${list.length}] ${target.path}: p50 ${stats.p50.toFixed(1)} ms, ` +
        `p99 ${stats.p99.toFixed(1)} ms (${stats.n})${errs}`,
    );
  }
  return results;
}

const ms = (n: number) => n.toFixed(1);

async function main() {
  const t0 = performance.now();
  console.error(`bench:scale: base de demostración en ${BASE}…`);
  await startServer(false);
  const demoCtx = readContext();
  const demo = await measureAll(demoCtx, false, "demo");
  await stopServer();

  console.error(`bench:scale: generando la base grande (escala ${SCALE})…`);
  const generated = generateLargeDb(DB_FILE, SCALE);
  console.error(`bench:scale: base grande en ${(generated.ms / 1000).toFixed(1)} s; midiendo…`);
  await startServer(true);
  const largeCtx = readContext(demoCtx.seededCourse);
  const large = await measureAll(largeCtx, true, "grande");
  await stopServer();

  const rows: Array<{ label: string; path: string; demo: Stats; large: Stats; growth: number }> = [];
  for (const [label, l] of large) {
    const d = demo.get(label);
    if (d) rows.push({ label, path: l.path, demo: d, large: l, growth: l.p50 / Math.max(d.p50, 0.001) });
  }
  const shortPath = (p: string) => p.replace(/[a-z0-9-]{20,}/g, "{id}");
  const pathOf = (r: (typeof rows)[number]) =>
    r.demo.path === r.large.path ? shortPath(r.large.path) : `${shortPath(r.demo.path)} → ${shortPath(r.large.path)}`;

  const errorsOf = (s: Stats) => [...s.errors].map(([k, v]) => `${k}×${v}`).join(", ");
  const lines = [
    `| Ruta | Path | p50 demo | p99 demo | p50 grande | p99 grande | crecimiento | errores |`,
    `|---|---|---:|---:|---:|---:|---:|---|`,
    ...rows.map(
      (r) =>
        `| ${r.label} | ${pathOf(r)} | ${ms(r.demo.p50)} | ${ms(r.demo.p99)} | ${ms(r.large.p50)} | ` +
        `${ms(r.large.p99)} | ${r.growth.toFixed(1)}× | ${[errorsOf(r.demo), errorsOf(r.large)].filter(Boolean).join(" / ") || "-"} |`,
    ),
  ];
  const failed = rows.filter((r) => r.demo.errors.size || r.large.errors.size);
  const worst = rows.reduce<(typeof rows)[number] | null>((w, r) => (!w || r.growth > w.growth ? r : w), null);

  console.log(
    `\nbench:scale: ${CONCURRENCY} conexiones, ${DURATION_MS} ms por ruta (calentamiento secuencial ` +
      `${WARMUP_MS} ms), gzip, build de producción en ${BASE}; tiempos en ms\n`,
  );
  console.log(lines.join("\n"));
  console.log(`\nBase grande (escala ${SCALE}) generada en ${(generated.ms / 1000).toFixed(1)} s:`);
  console.log(formatCounts(generated));
  console.log(`\nDuración total: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (failed.length) {
    console.log(`\nRespuestas distintas de 200 en ${failed.length} ruta(s):`);
    for (const r of failed)
      console.log(`  ${r.label} (${pathOf(r)}): ${errorsOf(r.demo) || "-"} / ${errorsOf(r.large) || "-"}`);
  }
  const over = MAX !== null && ((worst?.growth ?? 0) > MAX || failed.length > 0);
  if (MAX !== null) {
    console.log(`\nLímite BENCH_SCALE_MAX=${MAX}: ${over ? "EXCEDIDO" : "cumplido"}`);
  }
  console.log(`worst growth: ${(worst?.growth ?? 0).toFixed(1)}× ${worst ? worst.large.path : "-"}`);
  process.exit(over ? 1 : 0);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopServer().catch(() => {});
  process.exit(2);
});
