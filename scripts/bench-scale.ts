// `npm run bench:scale`: how the cost of every public page, panel page,
// admin list and search, and API list grows from the demo database to a large one.
//
// One production build, two folders: the e2e server migrates and seeds the demo data in
// .tmp/bench-scale-demo and stops; the folder is copied to .tmp/bench-scale, where
// scripts/bench/large-db.ts adds 100 000 courses, 300 000 modules and questions, 100 000 users,
// 500 000 enrolments, 200 000 messages… in SQL (no ANALYZE: the app is expected to keep its own
// statistics); teachers and classes (scripts/bench/teaching.ts) and tareas with 50 000 hand-ins and
// their files (scripts/bench/tareas.ts) go into both databases. Then both databases are served at once (E2E_KEEP_DB=1; the same ids on both), the
// large one on BENCH_SCALE_PORT and the demo one on the next port, and each target is measured
// on both in alternation, BENCH_SCALE_ROUNDS times: a change of the machine's load during the run
// weighs on both sides of a ratio alike. Per target: a sequential warm-up on each, then a fixed
// small concurrency for a fixed time per round, gzip accepted; p50/p99 over the rounds on each
// database and the growth (p50 large / p50 demo). Rows are matched by label: "deep page" is the
// last page on the demo database and page 2000 (4000 for the API) on the large one.
//
// Settings (environment): BENCH_SCALE_PORT (3330, and the next one), BENCH_SCALE_CONCURRENCY (4),
// BENCH_SCALE_MS (2000 per target and database, split over the rounds), BENCH_SCALE_ROUNDS (2),
// BENCH_SCALE_WARMUP_MS (500), BENCH_SCALE_FACTOR (1: the size of the large
// database, smaller for a quick try), BENCH_SCALE_ONLY (a regular expression on labels or
// paths), BENCH_SCALE_MAX (when set: exit 1 if the worst growth exceeds it or a response was
// not 200). The last line printed is always `worst growth: N.N× PATH`.
// BENCH_SCALE_DB=postgresql: the same two databases, once generated, are copied into
// PostgreSQL (scripts/bench/pg-copy.ts: BENCH_SCALE_PG_URL, or a throwaway cluster) and the two
// servers serve those instead. BENCH_SCALE_REUSE=1 measures the databases the last run generated
// at the same scale (a marker file in the large folder says which), skipping the generation.
// After the pages, with both servers up, notifications at scale (scripts/bench/notifications.ts):
// an announcement to a course of 5 000 learners, two pages while its mails go out, and the daily
// digest for every account, per person on both sides (a comparable row of `worst growth`; the
// announcement's total is not one). BENCH_SCALE_NOTICES=0 leaves them out; BENCH_SCALE_NOTICE_MS
// (3000) is each page's time idle and while mail goes out.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ADMIN, DEMO_DOCENTE, DEMO_ESTUDIANTE } from "../prisma/demo-accounts.ts";
import { apiToken, sessionCookie } from "./bench/sign-in.ts";
import { formatCounts, generateLargeDb, type LargeDbResult } from "./bench/large-db.ts";
import { copyToPostgres, startPostgres } from "./bench/pg-copy.ts";
import { addQuizActivityToFile, quizAndCertificatePaths } from "./bench/quiz-activity.ts";
import { addTeachingToFile, BENCH_CLASS_ID } from "./bench/teaching.ts";
import { addTareasToFile, BENCH_TAREA_ID } from "./bench/tareas.ts";
import { addSearchFillToFile } from "./bench/search-fill.ts";
import {
  addNotificationsToFile,
  BENCH_NOTICE_COURSE_ID,
  benchNotifications,
  type Hooks,
  type NoticeResults,
} from "./bench/notifications.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 3330);
type Side = { name: "demo" | "grande"; port: number; base: string; dirName: string; dbFile: string };
const side = (name: Side["name"], port: number, dirName: string): Side => ({
  name,
  port,
  base: `http://127.0.0.1:${port}`,
  dirName,
  dbFile: path.join(root, ".tmp", dirName, "e2e.db"),
});
const LARGE = side("grande", PORT, "bench-scale");
const DEMO = side("demo", PORT + 1, "bench-scale-demo");
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_SCALE_CONCURRENCY ?? 4));
const DURATION_MS = Number(process.env.BENCH_SCALE_MS ?? 2000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 2));
const WARMUP_MS = Number(process.env.BENCH_SCALE_WARMUP_MS ?? 500);
const SCALE = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
const ONLY = process.env.BENCH_SCALE_ONLY ? new RegExp(process.env.BENCH_SCALE_ONLY, "i") : null;
const MAX = process.env.BENCH_SCALE_MAX ? Number(process.env.BENCH_SCALE_MAX) : null;
const ON_POSTGRES = process.env.BENCH_SCALE_DB === "postgresql";
/** BENCH_SCALE_REUSE=1: measure the two databases the last run generated at this scale (when there). */
const REUSE = process.env.BENCH_SCALE_REUSE === "1";
/** BENCH_SCALE_NOTICES=0 leaves out the announcement, the outbox's drain and the digest (scripts/bench/notifications.ts). */
const NOTICES = process.env.BENCH_SCALE_NOTICES !== "0";

/** The generation a marker file records, when it was at this scale and both databases are there. */
function readGenerated(marker: string): LargeDbResult | null {
  try {
    const { scale, ...saved } = JSON.parse(fs.readFileSync(marker, "utf8")) as LargeDbResult & { scale: number };
    const there = fs.existsSync(DEMO.dbFile) && fs.existsSync(LARGE.dbFile);
    return scale === SCALE && there ? saved : null;
  } catch {
    return null;
  }
}
/** On PostgreSQL: each side's database URL (the server is started directly, already migrated). */
const pgUrls = new Map<Side, string>();

type Auth = "studentCookie" | "adminCookie" | "docenteCookie" | "studentToken" | "adminToken";
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
  lastDocentePage: number;
  /** A certificate's verification page and a quiz of the demo estudiante. */
  paths: { verification: string; quiz: string };
};

const servers = new Map<Side, ChildProcess>();
const seenServerLines = new Set<string>();
process.on("exit", () => servers.forEach((child) => child.kill("SIGTERM")));

/**
 * A side's server. `env`: settings of its own (the notifications' SMTP server), which
 * scripts/e2e-server.ts would override; `onLine`: sees every line it prints (the digest's log).
 */
async function startServer(
  at: Side,
  keep: boolean,
  own: { env?: Record<string, string>; onLine?: (line: string) => void } = {},
) {
  const pgUrl = pgUrls.get(at);
  // On PostgreSQL, or with settings of its own, the production server as scripts/e2e-server.ts
  // starts it, on that database.
  const { ADMIN_EMAIL: _e, ADMIN_PASSWORD: _p, ...inherited } = process.env;
  const direct = pgUrl !== undefined || Object.keys(own.env ?? {}).length > 0;
  const child = direct
    ? spawn(process.execPath, ["server/index.ts"], {
        cwd: root,
        env: {
          ...inherited,
          NODE_ENV: "production",
          DATABASE_URL: pgUrl ?? `file:${at.dbFile}`,
          DATA_DIR: path.join(path.dirname(at.dbFile), "data"),
          PORT: String(at.port),
          HOST: "127.0.0.1",
          RATE_LIMIT_IP_FACTOR: "100",
          SMTP_URL: "",
          // One process unless asked, as scripts/e2e-server.ts: the benchmark log's figures are one process's.
          WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || "1",
          BACKUP_EVERY_H: "0",
          // Required with PostgreSQL (every instance signs with one secret); a throwaway one here.
          ...(pgUrl
            ? { SESSION_SECRET: process.env.SESSION_SECRET || "bench-scale-secreto-de-prueba-de-32-caracteres" }
            : {}),
          ...own.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      })
    : spawn(process.execPath, ["scripts/e2e-server.ts"], {
        cwd: root,
        env: { ...process.env, E2E_PORT: String(at.port), E2E_DIR_NAME: at.dirName, E2E_KEEP_DB: keep ? "1" : "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
  servers.set(at, child);
  createInterface({ input: child.stdout! }).on("line", (line) => own.onLine?.(line));
  // The server's errors and warnings, each distinct line once (a warning per request would bury the rest).
  createInterface({ input: child.stderr! }).on("line", (line) => {
    own.onLine?.(line);
    if (seenServerLines.has(line)) return;
    seenServerLines.add(line);
    console.error(`  servidor: ${line}`);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`El servidor terminó antes de responder (código ${code}).`))),
  );
  const ready = (async () => {
    for (let i = 0; i < 1200; i++) {
      try {
        if ((await fetch(`${at.base}/login`)).ok) return;
      } catch {
        // not up yet
      }
      await sleep(100);
    }
    throw new Error("El servidor no respondió a tiempo.");
  })();
  await Promise.race([ready, exited]);
}

async function stopServer(at: Side) {
  const child = servers.get(at);
  servers.delete(at);
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function credentials(base: string): Promise<Record<Auth, Record<string, string>>> {
  return {
    studentCookie: { Cookie: await sessionCookie(base, DEMO_ESTUDIANTE.correo) },
    adminCookie: { Cookie: await sessionCookie(base, DEMO_ADMIN.correo) },
    docenteCookie: { Cookie: await sessionCookie(base, DEMO_DOCENTE.correo) },
    studentToken: { Authorization: `Bearer ${await apiToken(base, DEMO_ESTUDIANTE.correo)}` },
    adminToken: { Authorization: `Bearer ${await apiToken(base, DEMO_ADMIN.correo)}` },
  };
}

/** Ids and page counts of the database the server is about to serve (read-only, WAL-safe). */
function readContext(dbFile: string, seededCourse?: string): Context {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const one = (sql: string, ...params: string[]) => db.prepare(sql).get(...params) as Record<string, unknown>;
    const published = Number(one(`SELECT count(*) AS n FROM "Course" WHERE estado = 'publicado'`).n);
    const all = Number(one(`SELECT count(*) AS n FROM "Course"`).n);
    // An audience's list: its own courses and the general ones (two index ranges merged).
    const forDocentes = Number(
      one(`SELECT count(*) AS n FROM "Course" WHERE estado = 'publicado' AND visibilidad = 'publico'
           AND dirigidoA IN ('docente', 'general')`).n,
    );
    const studentId = String(one(`SELECT id FROM "User" WHERE correo = ?`, DEMO_ESTUDIANTE.correo).id);
    return {
      paths: quizAndCertificatePaths(db, studentId),
      seededCourse:
        seededCourse ??
        String(
          one(
            `SELECT c.id FROM "Course" c WHERE c.estado = 'publicado'
             ORDER BY (SELECT count(*) FROM "Module" m WHERE m.cursoId = c.id) DESC, c.createdAt, c.id LIMIT 1`,
          ).id,
        ),
      // Not the announcement's course (scripts/bench/notifications.ts): 5 000 learners and no modules.
      topCourse: String(
        one(
          `SELECT id FROM "Course" WHERE estado = 'publicado' AND id <> ?
           ORDER BY cantidadParticipantes DESC, createdAt DESC, id LIMIT 1`,
          BENCH_NOTICE_COURSE_ID,
        ).id,
      ),
      studentId: String(one(`SELECT id FROM "User" WHERE correo = ?`, DEMO_ESTUDIANTE.correo).id),
      lastCatalogPage: Math.max(1, Math.ceil(published / 24)),
      lastAdminPage: Math.max(1, Math.ceil(all / 25)),
      lastDocentePage: Math.max(1, Math.ceil(forDocentes / 24)),
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
    { label: "Cursos, búsqueda", path: "/cursos?q=programacion" },
    { label: "Cursos, página 2", path: "/cursos?page=2" },
    { label: "Cursos, página profunda (?page=N tecleado)", path: `/cursos?page=${deep}` },
    { label: "Cursos, página profunda por su enlace", path: "", after: `/cursos?page=${Math.max(1, deep - 1)}` },
    { label: "Cursos destacados", path: "/cursos?destacados=true" },
    { label: "Cursos para estudiantes", path: "/cursos/dirigido/estudiante" },
    {
      label: "Cursos para docentes, página profunda (?page=N tecleado)",
      path: `/cursos/dirigido/docente?page=${large ? Math.min(300, ctx.lastDocentePage) : ctx.lastDocentePage}`,
    },
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
      after: `/api/cursos/lista?page=${Math.max(1, deepApi - 1)}`,
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
    // Admin insight: the summary from the Tally; a course's report and gradebook on
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
    // Certificates and quizzes (the large database has 250 000 and 1 000 000).
    { label: "Mis certificados", path: "/user/certificates", auth: "studentCookie" },
    { label: "Verificación de un certificado", path: ctx.paths.verification },
    { label: "Evaluación de un módulo", path: ctx.paths.quiz, auth: "studentCookie" },
    { label: "Mis cursos", path: "/user/courses", auth: "studentCookie" },
    { label: "Mis cursos, búsqueda", path: "/user/courses?q=programacion", auth: "studentCookie" },
    { label: "Mensajes estudiante", path: "/user/messages", auth: "studentCookie" },
    { label: "Perfil estudiante", path: "/user/profile", auth: "studentCookie" },
    // The demo admin's panel.
    { label: "Admin resumen", path: "/admin", auth: "adminCookie" },
    // The demo docente, a teacher of the seeded course (and of 300 more on the large database).
    { label: "Panel docente", path: "/docente", auth: "docenteCookie" },
    { label: "Docente editor de curso", path: `/docente/cursos/${ctx.seededCourse}/editar`, auth: "docenteCookie" },
    // With its three tareas' columns (scripts/bench/tareas.ts): the gradebook of a course with tarea columns.
    {
      label: "Docente calificaciones (clase de 3 000)",
      path: `/docente/cursos/${ctx.seededCourse}/calificaciones`,
      auth: "docenteCookie",
    },
    // Tareas (docs/product.md#tareas): the queue of the docente's waiting hand-ins across courses
    // (50 000 hand-ins on the large database), and the class view of the seeded course's first tarea.
    { label: "Docente para revisar", path: "/docente/revisar", auth: "docenteCookie" },
    {
      label: "Docente entregas de una tarea (3 000)",
      path: `/docente/cursos/${ctx.seededCourse}/tareas/${BENCH_TAREA_ID}/entregas`,
      auth: "docenteCookie",
    },
    // Its classes (docs/product.md#classes): the seeded course's, and its class of 3 000 learners on
    // the large database (its participants on the demo one).
    { label: "Docente clases de un curso", path: `/docente/cursos/${ctx.seededCourse}/clases`, auth: "docenteCookie" },
    {
      label: "Docente una clase (3 000)",
      path: `/docente/cursos/${ctx.seededCourse}/clases/${BENCH_CLASS_ID}`,
      auth: "docenteCookie",
    },
    {
      label: "Docente progreso de la clase (3 000)",
      path: `/docente/cursos/${ctx.seededCourse}/clases/${BENCH_CLASS_ID}/progreso`,
      auth: "docenteCookie",
    },
    {
      label: "Docente progreso, 'Atascado' por última actividad",
      path: `/docente/cursos/${ctx.seededCourse}/clases/${BENCH_CLASS_ID}/progreso?marca=atascado&orden=actividad&dir=desc`,
      auth: "docenteCookie",
    },
    {
      label: "API progreso de la clase (admin)",
      path: `/api/cursos/${ctx.seededCourse}/clases/${BENCH_CLASS_ID}/progreso`,
      auth: "adminToken",
    },
    { label: "Admin cursos", path: "/admin/courses", auth: "adminCookie" },
    { label: "Admin cursos, búsqueda", path: "/admin/courses?q=robotica", auth: "adminCookie" },
    { label: "Admin cursos, búsqueda de una palabra común", path: "/admin/courses?q=curso", auth: "adminCookie" },
    {
      label: "Admin cursos, página profunda (?page=N tecleado)",
      path: `/admin/courses?page=${deepAdmin}`,
      auth: "adminCookie",
    },
    {
      label: "Admin cursos, página profunda por su enlace",
      path: "",
      after: `/admin/courses?page=${Math.max(1, deepAdmin - 1)}`,
      auth: "adminCookie",
    },
    { label: "Admin editor de curso", path: `/docente/cursos/${ctx.seededCourse}/editar`, auth: "adminCookie" },
    { label: "Admin participantes", path: `/docente/cursos/${ctx.topCourse}/participantes`, auth: "adminCookie" },
    { label: "Admin reportes de un curso", path: `/docente/cursos/${ctx.topCourse}/reportes`, auth: "adminCookie" },
    { label: "Admin calificaciones", path: `/docente/cursos/${ctx.topCourse}/calificaciones`, auth: "adminCookie" },
    { label: "Admin registros", path: "/admin/records", auth: "adminCookie" },
    { label: "Admin registros, búsqueda", path: "/admin/records?q=gonzalez", auth: "adminCookie" },
    { label: "Admin registros, búsqueda por nombre", path: "/admin/records?q=Sof%C3%ADa", auth: "adminCookie" },
    { label: "Admin biblioteca", path: "/admin/library", auth: "adminCookie" },
    { label: "Admin biblioteca, búsqueda", path: "/admin/library?q=educacion", auth: "adminCookie" },
    { label: "Admin correos salientes", path: "/admin/outbox", auth: "adminCookie" },
    { label: "Admin mensajes", path: "/admin/messages", auth: "adminCookie" },
    { label: "Admin contacto", path: "/admin/contact-messages", auth: "adminCookie" },
    {
      label: "Admin contacto, página profunda (?page=N tecleado)",
      path: `/admin/contact-messages?page=${large ? 1000 : 1}`,
      auth: "adminCookie",
    },
    {
      label: "Admin contacto, página profunda por su enlace",
      path: "",
      after: `/admin/contact-messages?page=${large ? 999 : 1}`,
      auth: "adminCookie",
    },
  ];
  return ONLY ? list.filter((t) => ONLY.test(t.label) || ONLY.test(t.path)) : list;
}

/** Latencies of one target on one server, and its non-200 answers by status or error. */
type Sample = { latencies: number[]; errors: Map<string, number> };

async function request(base: string, target: Target, headers: Record<string, string>, errors?: Map<string, number>) {
  const t0 = performance.now();
  try {
    const response = await fetch(`${base}${target.path}`, {
      headers: { "Accept-Encoding": "gzip", ...headers },
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200) errors?.set(String(response.status), (errors.get(String(response.status)) ?? 0) + 1);
  } catch (error) {
    const key = error instanceof Error ? error.message : String(error);
    errors?.set(key, (errors.get(key) ?? 0) + 1);
  }
  return performance.now() - t0;
}

/** Sequential warm-up: at least two requests and WARMUP_MS; not counted. */
async function warmUp(base: string, target: Target, headers: Record<string, string>) {
  const end = performance.now() + WARMUP_MS;
  for (let i = 0; i < 2 || performance.now() < end; i++) await request(base, target, headers);
}

/** CONCURRENCY clients for `durationMs`, their latencies added to `into`. */
async function load(base: string, target: Target, headers: Record<string, string>, durationMs: number, into: Sample) {
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      do into.latencies.push(await request(base, target, headers, into.errors));
      while (performance.now() < end);
    }),
  );
}

function stats(path: string, sample: Sample): Stats {
  const sorted = [...sample.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { path, p50: pct(50), p99: pct(99), n: sorted.length, errors: sample.errors };
}

/** The "next" link of a page: the API's Link header, or the page's rel="next" anchor. */
async function nextLink(base: string, path: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  const fromHeader = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1];
  if (fromHeader) return fromHeader;
  const html = await response.text();
  const anchor = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0] ?? "";
  const href = /\bhref="([^"]+)"/.exec(anchor)?.[1];
  if (!href) return path; // no next page (a short demo list): the page itself
  const url = new URL(href.replaceAll("&amp;", "&"), `${base}${path}`);
  return `${url.pathname}${url.search}`;
}

/** Each side's targets with their credentials, the "after" paths followed on that side. */
async function prepare(at: Side, ctx: Context, large: boolean) {
  const auth = await credentials(at.base);
  const list = targets(ctx, large);
  const headersOf = (target: Target) => (target.auth ? auth[target.auth] : {});
  for (const target of list) {
    if (target.after) target.path = await nextLink(at.base, target.after, headersOf(target));
  }
  // One sequential pass over every target first: the server's code is compiled and its caches
  // filled before anything is timed.
  for (const target of list) await request(at.base, target, headersOf(target));
  return { list, headersOf };
}

/** Every target on both sides, in alternation: per round, demo then large. */
async function measureBoth(demoCtx: Context, largeCtx: Context) {
  const demo = await prepare(DEMO, demoCtx, false);
  const large = await prepare(LARGE, largeCtx, true);
  const results = new Map<string, { demo: Stats; large: Stats }>();
  const largeByLabel = new Map(large.list.map((t) => [t.label, t]));
  for (const [i, demoTarget] of demo.list.entries()) {
    const largeTarget = largeByLabel.get(demoTarget.label);
    if (!largeTarget) continue;
    const sides = [
      { at: DEMO, target: demoTarget, headers: demo.headersOf(demoTarget) },
      { at: LARGE, target: largeTarget, headers: large.headersOf(largeTarget) },
    ];
    for (const { at, target, headers } of sides) await warmUp(at.base, target, headers);
    const samples = sides.map((): Sample => ({ latencies: [], errors: new Map() }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, { at, target, headers }] of sides.entries()) {
        await load(at.base, target, headers, DURATION_MS / ROUNDS, samples[k]!);
      }
    }
    const [d, l] = [stats(demoTarget.path, samples[0]!), stats(largeTarget.path, samples[1]!)];
    results.set(demoTarget.label, { demo: d, large: l });
    const errs = (s: Stats) =>
      s.errors.size ? ` errores: ${[...s.errors].map(([k, v]) => `${k}×${v}`).join(", ")}` : "";
    console.error(
      `  [${i + 1}/${demo.list.length}] ${largeTarget.path}: p50 ${d.p50.toFixed(1)} → ${l.p50.toFixed(1)} ms, ` +
        `p99 ${d.p99.toFixed(1)} → ${l.p99.toFixed(1)} ms (${d.n}/${l.n})${errs(d)}${errs(l)}`,
    );
  }
  return results;
}

const ms = (n: number) => n.toFixed(1);

/**
 * A sign-in once more when its connection failed: fetch reuses kept-alive connections, and one
 * left idle while the database was prepared may be closing as it is reused (a POST is not retried).
 */
async function againOnce<T>(signIn: () => Promise<T>): Promise<T> {
  try {
    return await signIn();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return signIn();
  }
}

/** What scripts/bench/notifications.ts needs of the servers and the measurement. */
const noticeHooks: Hooks = {
  demo: DEMO,
  large: LARGE,
  pgUrl: (at) => pgUrls.get(at.name === "demo" ? DEMO : LARGE),
  restart: (at, env, onLine) => startServer(at.name === "demo" ? DEMO : LARGE, true, { env, onLine }),
  stop: (at) => stopServer(at.name === "demo" ? DEMO : LARGE),
  adminToken: (base) => againOnce(() => apiToken(base, DEMO_ADMIN.correo)),
  studentCookie: (base) => againOnce(() => sessionCookie(base, DEMO_ESTUDIANTE.correo)),
  measure: async (base, path, headers, durationMs) => {
    const target: Target = { label: path, path };
    await warmUp(base, target, headers);
    const sample: Sample = { latencies: [], errors: new Map() };
    await load(base, target, headers, durationMs, sample);
    const { p50, p99, n, errors } = stats(path, sample);
    return { p50, p99, n, errors: [...errors].map(([k, v]) => `${k}×${v}`).join(", ") };
  },
};

/** The notifications' figures (a table per part) and the one comparable row: the digest per person. */
function noticeSummary(r: NoticeResults) {
  const { demo: ad, grande: al } = r.announcement;
  const { demo: dd, grande: dl } = r.digest;
  const perPerson = (d: NoticeResults["digest"]["demo"]) => (d.runMs ?? d.wallMs) / Math.max(1, d.people);
  const growth = perPerson(dl) / Math.max(perPerson(dd), 1e-6);
  const inRun = dl.firstFifth && dl.lastFifth ? dl.lastFifth / dl.firstFifth : null;
  const digestLine = (d: NoticeResults["digest"]["demo"]) =>
    `${d.people} personas, ${d.mailed} correos: pasada ${d.runMs === null ? "?" : `${d.runMs} ms`}, ` +
    `${(d.wallMs / 1000).toFixed(1)} s desde el inicio del servidor`;
  const lines = [
    `\nAvisos y resumen diario (scripts/bench/notifications.ts):`,
    ...[ad, al].map(
      (a) =>
        `Aviso a ${a.learners} estudiantes: ${a.ms.toFixed(0)} ms, ${a.notified} notificaciones, ${a.mailed} correos`,
    ),
    ``,
    `| Medida | demo | grande | crecimiento |`,
    `|---|---:|---:|---:|`,
    `| Aviso, POST /api/cursos/{id}/avisos (ms) | ${ad.ms.toFixed(0)} (${ad.learners} estudiantes) | ` +
      `${al.ms.toFixed(0)} (${al.learners} estudiantes) | no comparable |`,
    `| Aviso, por estudiante (ms) | ${(ad.ms / Math.max(1, ad.learners)).toFixed(3)} | ` +
      `${(al.ms / Math.max(1, al.learners)).toFixed(3)} | no comparable |`,
    `| Resumen diario | ${digestLine(dd)} | ${digestLine(dl)} | no comparable |`,
    `| Resumen diario, por persona (ms) | ${perPerson(dd).toFixed(3)} | ${perPerson(dl).toFixed(3)} | ${growth.toFixed(1)}× |`,
    ...(inRun === null
      ? []
      : [
          `| Resumen diario, por persona: primer quinto → último quinto de la pasada grande (ms) | - | ` +
            `${dl.firstFifth!.toFixed(3)} → ${dl.lastFifth!.toFixed(3)} | ${inRun.toFixed(1)}× |`,
        ]),
    ``,
    `Mientras salen los ${r.drain.mails} correos del aviso (grande, SMTP local, MAIL_SEND_INTERVAL_S=0.2): ` +
      `${r.drain.sent} enviados en ${(r.drain.sentMs / 1000).toFixed(1)} s ` +
      `(${(r.drain.sent / (r.drain.sentMs / 1000)).toFixed(1)} correos/s)`,
    ``,
    `| Path | p50 en reposo | p99 en reposo | p50 enviando | p99 enviando | correos enviados durante la medición | errores |`,
    `|---|---:|---:|---:|---:|---:|---|`,
    ...r.drain.pages.map(
      (p) =>
        `| ${p.path} | ${ms(p.idle.p50)} | ${ms(p.idle.p99)} | ${ms(p.busy.p50)} | ${ms(p.busy.p99)} | ${p.sentDuring} | ` +
        `${[p.idle.errors, p.busy.errors].filter(Boolean).join(" / ") || "-"} |`,
    ),
  ];
  const rows = [{ growth, path: "Resumen diario, por persona" }];
  if (inRun !== null) rows.push({ growth: inRun, path: "Resumen diario, por persona (último ÷ primer quinto)" });
  return { lines, digestRows: rows };
}

async function main() {
  const t0 = performance.now();
  const largeDir = path.dirname(LARGE.dbFile);
  const marker = path.join(largeDir, "generated.json");
  const reused = REUSE ? readGenerated(marker) : null;
  let generated: LargeDbResult;
  if (reused) {
    console.error(`bench:scale: BENCH_SCALE_REUSE: las dos bases de la última generación (escala ${SCALE})…`);
    generated = reused;
  } else {
    console.error(`bench:scale: base de demostración (${DEMO.base})…`);
    await startServer(DEMO, false);
    await stopServer(DEMO);
    // Quiz attempts and certificates on the demo database too.
    addQuizActivityToFile(DEMO.dbFile);
    // The demo folder (database and files) copied for the large one: the same ids on both.
    fs.rmSync(largeDir, { recursive: true, force: true });
    fs.cpSync(path.dirname(DEMO.dbFile), largeDir, { recursive: true });

    console.error(`bench:scale: generando la base grande (escala ${SCALE})…`);
    generated = generateLargeDb(LARGE.dbFile, SCALE);
    fs.writeFileSync(marker, JSON.stringify({ scale: SCALE, ...generated }));
  }
  // Teachers and classes (scripts/bench/teaching.ts), once per database, on the schema the
  // server would migrate them to (reused databases may predate the classes).
  for (const at of [DEMO, LARGE]) {
    execFileSync(process.execPath, ["scripts/migrate.ts", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${at.dbFile}` },
      stdio: "ignore",
    });
  }
  const seeded = readContext(DEMO.dbFile).seededCourse;
  addTeachingToFile(DEMO.dbFile, seeded, false);
  const teaching = addTeachingToFile(LARGE.dbFile, seeded, true);
  console.error(
    `bench:scale: equipos y clases: ${teaching.teachers} profesores/as, ${teaching.classes} clases, ${teaching.members} estudiantes en clases`,
  );
  // Tareas, hand-ins and their files (scripts/bench/tareas.ts), once per database.
  const [demoTareas, largeTareas] = [
    addTareasToFile(DEMO.dbFile, seeded, null),
    addTareasToFile(LARGE.dbFile, seeded, SCALE),
  ];
  console.error(
    `bench:scale: tareas: ${demoTareas.tareas} / ${largeTareas.tareas}, entregas: ${demoTareas.entregas} / ` +
      `${largeTareas.entregas}, con ${demoTareas.archivos} / ${largeTareas.archivos} archivos (demo / grande)`,
  );
  // A full first page for the catalog search on the demo side too (scripts/bench/search-fill.ts).
  const filled = addSearchFillToFile(DEMO.dbFile, seeded);
  console.error(`bench:scale: demo: ${filled} cursos 'Taller de programación' (una página completa de búsqueda)`);
  if (NOTICES) {
    const [demoRows, largeRows] = [DEMO, LARGE].map((at) => addNotificationsToFile(at.dbFile));
    console.error(
      `bench:scale: notificaciones: ${demoRows!.notifications} / ${largeRows!.notifications}, ` +
        `curso del aviso con ${demoRows!.learners} / ${largeRows!.learners} estudiantes (demo / grande)`,
    );
  }
  console.error(`bench:scale: base grande en ${(generated.ms / 1000).toFixed(1)} s; midiendo ambas alternadamente…`);
  const postgres = ON_POSTGRES ? startPostgres() : null;
  let copied = "";
  if (postgres) {
    for (const at of [DEMO, LARGE]) {
      console.error(`bench:scale: copiando la base ${at.name} a PostgreSQL…`);
      const { url, ms: took } = await copyToPostgres(at.dbFile, postgres.url, `bench_scale_${at.name}`);
      pgUrls.set(at, url);
      copied += ` ${at.name} ${(took / 1000).toFixed(1)} s`;
    }
  }
  await Promise.all([startServer(DEMO, true), startServer(LARGE, true)]);
  const demoCtx = readContext(DEMO.dbFile);
  const largeCtx = readContext(LARGE.dbFile, demoCtx.seededCourse);
  const measured = await measureBoth(demoCtx, largeCtx);
  // With both servers still up: the announcement, the outbox's drain and the digest.
  const notices = NOTICES ? noticeSummary(await benchNotifications(noticeHooks)) : null;
  await Promise.all([stopServer(DEMO), stopServer(LARGE)]);
  postgres?.stop();

  const rows: Array<{ label: string; path: string; demo: Stats; large: Stats; growth: number }> = [];
  for (const [label, { demo: d, large: l }] of measured) {
    rows.push({ label, path: l.path, demo: d, large: l, growth: l.p50 / Math.max(d.p50, 0.001) });
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
  // Only rows that compare like with like: a page on both databases, and the digest's cost per
  // person (an announcement's total grows with its course's learners by design).
  const comparable = [...rows.map((r) => ({ growth: r.growth, path: r.large.path })), ...(notices?.digestRows ?? [])];
  const worst = comparable.reduce<(typeof comparable)[number] | null>(
    (w, r) => (!w || r.growth > w.growth ? r : w),
    null,
  );

  console.log(
    `\nbench:scale: ${CONCURRENCY} conexiones, ${DURATION_MS} ms por ruta y base en ${ROUNDS} vueltas alternadas ` +
      `(calentamiento secuencial ${WARMUP_MS} ms), gzip, build de producción en ${DEMO.base} (demo) y ` +
      `${LARGE.base} (grande); tiempos en ms\n`,
  );
  console.log(lines.join("\n"));
  if (notices) console.log(notices.lines.join("\n"));
  console.log(`\nMotor: ${ON_POSTGRES ? `PostgreSQL (copia:${copied})` : "SQLite"}`);
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
  console.log(`worst growth: ${(worst?.growth ?? 0).toFixed(1)}× ${worst ? worst.path : "-"}`);
  process.exit(over ? 1 : 0);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await Promise.all([stopServer(DEMO), stopServer(LARGE)]).catch(() => {});
  process.exit(2);
});
