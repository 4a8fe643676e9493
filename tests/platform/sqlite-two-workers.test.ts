// Two worker processes on one SQLite file (WEB_CONCURRENCY=2, docs/decisions/031-sqlite-write-transactions.md):
// the real server/index.ts, serving the app's real API routes of every kind of write transaction
// (tests/fixtures/write-routes-build.ts), on this file's database. Approvals, enrolments, quiz
// answers, questions and class imports fired all at once (two rounds), spread over both workers,
// answer no 5xx, and every write the server acknowledged is in the database. With the adapter's deferred `BEGIN`,
// a transaction that read before writing failed with SQLITE_BUSY as soon as the other worker had
// written since (a 500), whatever the busy timeout.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiToken } from "~/features/accounts/api-token.server.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import { classListFingerprint } from "~/features/classes/import.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { databaseProvider, databaseUrl } from "~/lib/db-adapter.ts";
import { createCourse, createUser, oneQuestionQuiz } from "../factories.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** Requests of each kind in a round (class imports: a third as many, three learners each). */
const EACH = 12;
/** Rounds, one after the other: both workers are warm after the first. */
const ROUNDS = 2;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let base = "";
afterAll(() => server?.kill("SIGKILL"));

/** node server/index.ts with two workers on this file's database (already migrated). */
async function startTwoWorkers() {
  const port = await freePort();
  let out = "";
  server = spawn(process.execPath, ["--import", "./tests/fixtures/app-alias.ts", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl(),
      SKIP_MIGRATIONS: "true",
      ACADEMIA_SERVER_BUILD: "tests/fixtures/write-routes-build.ts",
      WEB_CONCURRENCY: "2",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      // Every request comes from 127.0.0.1: the per-IP budgets of a class, not of one person.
      RATE_LIMIT_IP_FACTOR: "100",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (i > 600 || server.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return () => out;
}

/** make(0), make(1)… one after the other. */
async function times<T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < n; i++) made.push(await make(i));
  return made;
}

type Call = { kind: string; method: string; path: string; token: string; body?: unknown; check: Check };
/** Whether the write a 2xx acknowledged is in the database (`body`: the answer's JSON). */
type Check = (body: Record<string, unknown>) => Promise<boolean>;

let rounds: Call[][] = [];

beforeAll(async () => {
  if (databaseProvider(databaseUrl()) !== "sqlite") return;
  const admin = await createUser({ rol: "admin" });
  const teacher = await createUser({ rol: "docente" });
  const course = await createCourse(
    {
      titulo: "Curso de las escrituras simultáneas",
      modulos: [{ titulo: "Módulo con evaluación", preguntas: oneQuestionQuiz() }],
    },
    { select: { id: true, modulos: { select: { id: true } } } },
  );
  const moduloId = course.modulos[0]!.id;
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
  const [adminToken, teacherToken] = [await issueApiToken(admin), await issueApiToken(teacher)];
  const learner = async (enrolled: boolean) => {
    const user = await createUser({ rol: "estudiante" });
    if (enrolled) await prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
    return { user, token: await issueApiToken(user) };
  };
  const round = async (r: number) => {
    const approvals = await times(EACH, async () => {
      const pending = await createUser({ rol: "estudiante", aprobado: false });
      return {
        kind: "approve",
        method: "PUT",
        path: `/api/auth/approve/${pending.id}`,
        token: adminToken,
        check: async () => (await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).aprobado,
      };
    });
    const enrolments = await times(EACH, async () => {
      const { user, token } = await learner(false);
      return {
        kind: "enrol",
        method: "POST",
        path: `/api/cursos/${course.id}/registrarParticipante`,
        token,
        check: async () => (await prisma.enrolment.count({ where: { userId: user.id, cursoId: course.id } })) === 1,
      };
    });
    const answers = await times(EACH, async () => {
      const { user, token } = await learner(true);
      return {
        kind: "quiz",
        method: "POST",
        path: `/api/cursos/${course.id}/modulos/0/responder`,
        token,
        body: { respuestas: [0] },
        check: async () => (await prisma.quizAttempt.count({ where: { userId: user.id, moduloId } })) === 1,
      };
    });
    const questions = await times(EACH, async (i) => {
      const { token } = await learner(true);
      return {
        kind: "question",
        method: "POST",
        path: `/api/cursos/${course.id}/modulos/0/preguntas`,
        token,
        body: { texto: `¿Cómo se hace el paso ${r + 1}.${i + 1}?` },
        check: async (body: Record<string, unknown>) =>
          (await prisma.moduleQuestion.count({ where: { id: String(body.id) } })) === 1,
      };
    });
    const imports = await times(Math.ceil(EACH / 3), async (k) => {
      const clase = await prisma.courseClass.create({
        data: {
          cursoId: course.id,
          nombre: `Clase ${r + 1}.${k + 1}`,
          codigo: newClassCode(),
          createdById: teacher.id,
        },
        select: { id: true },
      });
      const lista = [0, 1, 2]
        .map((i) => `lista${r}.${k}.persona${i}@colegio.cl;Persona ${i};Lista ${r}.${k}`)
        .join("\n");
      const huella = classListFingerprint(clase.id, lista, { autorizacionColegio: false });
      return {
        kind: "import",
        method: "POST",
        path: `/api/cursos/${course.id}/clases/${clase.id}/importar`,
        token: teacherToken,
        body: { lista, confirmar: true, huella },
        check: async () => (await prisma.classMember.count({ where: { claseId: clase.id } })) === 3,
      };
    });
    return [...approvals, ...enrolments, ...answers, ...questions, ...imports];
  };
  rounds = await times(ROUNDS, round);
});

describe.skipIf(databaseProvider(databaseUrl()) !== "sqlite")("two workers on one SQLite file", () => {
  it("concurrent writes of every transactional kind: no 5xx, and every acknowledged write is stored", async () => {
    const output = await startTwoWorkers();
    const answered: Array<{ call: Call; status: number; body: Record<string, unknown> }> = [];
    for (const calls of rounds) {
      // All at once, interleaved by kind, so both workers write at the same time.
      const order = calls.map((call, i) => ({ call, key: (i % EACH) * 10 + Math.floor(i / EACH) }));
      order.sort((a, b) => a.key - b.key);
      answered.push(
        ...(await Promise.all(
          order.map(async ({ call }) => {
            const response = await fetch(`${base}${call.path}`, {
              method: call.method,
              headers: { Authorization: `Bearer ${call.token}`, "Content-Type": "application/json" },
              body: call.body === undefined ? undefined : JSON.stringify(call.body),
            });
            const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
            return { call, status: response.status, body };
          }),
        )),
      );
    }
    const failed = answered.filter((a) => a.status >= 500).map((a) => `${a.call.kind} ${a.status}`);
    expect(failed, output()).toEqual([]);
    // Each of these writes is one the server must accept (nothing here is refused): all 2xx.
    expect(
      answered.filter((a) => a.status >= 300).map((a) => `${a.call.kind} ${a.status} ${JSON.stringify(a.body)}`),
    ).toEqual([]);
    const missing: string[] = [];
    for (const { call, body } of answered) if (!(await call.check(body))) missing.push(`${call.kind} ${call.path}`);
    expect(missing).toEqual([]);
    expect(new Set(answered.map((a) => a.call.kind))).toEqual(
      new Set(["approve", "enrol", "quiz", "question", "import"]),
    );
    // Two server processes start first: on a busy 2-core machine that alone can pass 20 s.
  }, 60_000);
});
