// @postgresql: a row lock in raw SQL, concurrent answers
// A module's questions under calls at once (docs/decisions/028-module-questions.md): an answer
// against the author's edit, and 'respondida' while answers come and go.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import * as service from "~/features/questions/questions.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as oneApi from "~/routes/api/preguntas.pregunta.ts";
import * as listApi from "~/routes/api/cursos.preguntas.ts";
import * as answerApi from "~/routes/api/preguntas.respuestas.ts";
import { args, createCourse, createUser, jsonRequest, readJson, signedIn } from "../factories.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
const postgresql = process.env.TEST_DATABASE === "postgresql";

let course: { id: string };
let teacher: Signed;
let classmate: Signed;

async function enrol(who: { id: string }, cursoId: string) {
  await prisma.enrolment.create({ data: { userId: who.id, cursoId } });
}

beforeAll(async () => {
  course = await createCourse({ titulo: "Huerta a la vez", modulos: [{ titulo: "Suelos" }] });
  [teacher, classmate] = [await signedIn("docente"), await signedIn("estudiante")];
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  await enrol(classmate.user, course.id);
});

async function ask(who: Signed, texto: string): Promise<{ id: string }> {
  const path = `/api/cursos/${course.id}/modulos/0/preguntas`;
  const params = { cursoId: course.id, moduloIndex: "0" };
  const response = await listApi.action(args(jsonRequest(path, { texto }, { token: who.token }), params));
  expect(response.status).toBe(201);
  return (await readJson(response)) as { id: string };
}

function apiAnswer(who: Signed, preguntaId: string, body: unknown) {
  return answerApi.action(
    args(jsonRequest(`/api/preguntas/${preguntaId}/respuestas`, body, { token: who.token }), { preguntaId }),
  );
}

function apiOne(who: Signed, method: "PUT" | "DELETE", preguntaId: string, body?: unknown) {
  return oneApi.action(
    args(jsonRequest(`/api/preguntas/${preguntaId}`, body, { method, token: who.token }), { preguntaId }),
  );
}

it("an answer that lands first wins over the author's edit (the check and the write are one statement)", async () => {
  const author = await signedIn("estudiante");
  await enrol(author.user, course.id);
  const q = await ask(author, "¿Carrera?");
  const [edit, answer] = await Promise.all([
    apiOne(author, "PUT", q.id, { texto: "¿Carrera editada?" }),
    apiAnswer(teacher, q.id, { texto: "Respuesta a tiempo." }),
  ]);
  expect(answer.status).toBe(201);
  const row = await prisma.moduleQuestion.findUniqueOrThrow({ where: { id: q.id } });
  // Either the edit came first (200, then answered) or it found the answer (409): never both after.
  expect([200, 409]).toContain(edit.status);
  expect(row.texto).toBe(edit.status === 200 ? "¿Carrera editada?" : "¿Carrera?");
  expect(row.respondida).toBe(true);
});

/**
 * Another connection's transaction holding a SHARE lock on a table (PostgreSQL): the app's inserts
 * into it wait, so a service call stops there with its transaction open. Starts each call of
 * `steps` in turn, each once the statements of this database waiting on a lock number what the
 * step before said (its call has reached where it stops), then lets the table go.
 */
async function withInsertsHeld<T>(table: string, steps: Array<[() => Promise<T>, number]>): Promise<T[]> {
  // Two connections: pg_stat_activity is read once per transaction, so the holder could not watch.
  const [holder, watcher] = [1, 2].map(() => new pg.Client({ connectionString: process.env.DATABASE_URL }));
  await Promise.all([holder!.connect(), watcher!.connect()]);
  const calls: Promise<T>[] = [];
  try {
    await holder!.query("BEGIN");
    await holder!.query(`LOCK TABLE "${table}" IN SHARE MODE`);
    for (const [start, waiting] of steps) {
      calls.push(start());
      for (let waited = 0; ; waited += 20) {
        const { rows } = await watcher!.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0]!.n >= waiting) break;
        if (waited > 15_000) throw new Error(`fewer than ${waiting} statements waited on a lock`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    await holder!.query("COMMIT");
    await Promise.all([holder!.end(), watcher!.end()]);
  }
  return Promise.all(calls);
}

describe.skipIf(!postgresql)("'respondida' under concurrent answers and deletions (PostgreSQL, READ COMMITTED)", () => {
  const consistent = async (preguntaId: string) => {
    const row = await prisma.moduleQuestion.findUniqueOrThrow({ where: { id: preguntaId } });
    const answers = await prisma.moduleAnswer.count({ where: { preguntaId } });
    return { respondida: row.respondida, answers };
  };
  const teamOf = async () => {
    const [a, b] = [await createUser({ rol: "docente" }), await createUser({ rol: "docente" })];
    await prisma.courseTeacher.createMany({ data: [a, b].map((t) => ({ cursoId: course.id, userId: t.id })) });
    return [a, b] as const;
  };

  it("a teacher deletes the only answer while another answers: still answered", async () => {
    const [deleter, answerer] = await teamOf();
    const q = await ask(classmate, "¿Borrar y responder a la vez?");
    const first = await service.answerQuestion(deleter, q.id, { texto: "Primera." });
    if (!first.ok) throw new Error(first.message);
    const only = first.pregunta.respuestas[0]!.id;
    // The answer stops at its notification to the asker, its transaction open; then the deletion
    // runs until it waits on the answer's transaction.
    const outcomes = await withInsertsHeld<{ ok: boolean }>("Notification", [
      [() => service.answerQuestion(answerer, q.id, { texto: "Segunda." }), 1],
      [() => service.deleteAnswer(deleter, only, null), 2],
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(await consistent(q.id)).toEqual({ respondida: true, answers: 1 });
    // The author's window stays closed: the team's answer is not theirs to cascade away.
    expect((await apiOne(classmate, "DELETE", q.id)).status).toBe(409);
  });

  it("two teachers each delete one of two answers: unanswered again", async () => {
    const [one, two] = await teamOf();
    const q = await ask(classmate, "¿Dos borradas a la vez?");
    await service.answerQuestion(one, q.id, { texto: "Una." });
    const both = await service.answerQuestion(two, q.id, { texto: "Otra." });
    if (!both.ok) throw new Error(both.message);
    const [a1, a2] = both.pregunta.respuestas.map((r) => r.id);
    // The first deletion stops at its audit row, its transaction open; then the second runs until
    // it waits too.
    const outcomes = await withInsertsHeld<{ ok: boolean }>("AuditLog", [
      [() => service.deleteAnswer(one, a1, null), 1],
      [() => service.deleteAnswer(two, a2, null), 2],
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(await consistent(q.id)).toEqual({ respondida: false, answers: 0 });
  });
});
