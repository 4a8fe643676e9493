// 'Continuar' on the 'Mis cursos' cards: where each card leads is computed for the
// whole page in a constant number of queries (no query per card), each on an index
// (docs/decisions/009-flat-cost-at-scale.md). Prisma's query log is caught as in
// tests/platform/query-plans.test.ts: the app's client is a logging one, installed before app modules load.
import { beforeAll, describe, expect, it } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { continueHrefs } = await import("~/features/learning/learner-state.server.ts");
const { createAttempt, createCourse, createUser, questions, withModules } = await import("../factories.ts");

/** `count` courses of three modules each (quizzes in the first and last), the user enrolled in all. */
async function enrolledCourses(userId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const course = await createCourse(
      {
        titulo: `Curso ${i}`,
        modulos: [
          { titulo: "Uno", preguntas: questions("¿1?", "¿2?") },
          { titulo: "Dos" },
          { titulo: "Tres", preguntas: questions("¿3?") },
        ],
      },
      withModules,
    );
    await prisma.enrolment.create({ data: { userId, cursoId: course.id } });
    // Every other course has its first quiz passed (twice: attempts repeat).
    if (i % 2 === 0) {
      for (let k = 0; k < 2; k += 1) {
        await createAttempt(userId, course.modulos[0]!, { correctas: 2, totalPreguntas: 2 });
      }
    }
    ids.push(course.id);
  }
  return ids;
}

async function statementsOf(run: () => Promise<unknown>) {
  statements.length = 0;
  await run();
  return statements.filter((s) => /^\s*SELECT/i.test(s.query));
}

describe.skipIf(!sqlite)("'Continuar' on 'Mis cursos': a constant number of indexed queries", () => {
  let userId = "";
  let ids: string[] = [];
  beforeAll(async () => {
    userId = (await createUser({ rol: "estudiante" })).id;
    ids = await enrolledCourses(userId, 20);
  });

  it("answers every card of the page, and a page of 20 costs the queries a page of 2 costs", async () => {
    const hrefs = await continueHrefs(userId, ids);
    ids.forEach((id, i) =>
      expect(hrefs.get(id)).toBe(`/cursos/${id}?modulo=${i % 2 === 0 ? 3 : 1}#modulo-${i % 2 === 0 ? 3 : 1}`),
    );
    const small = await statementsOf(() => continueHrefs(userId, ids.slice(0, 2)));
    const full = await statementsOf(() => continueHrefs(userId, ids));
    expect(small.length).toBeGreaterThan(0);
    expect(full.length).toBe(small.length);
    expect(full.length).toBeLessThanOrEqual(3);
  });

  it("each query reads an index range (modules by course, questions by module, the user's passes by course)", async () => {
    const selects = await statementsOf(() => continueHrefs(userId, ids));
    for (const { query, params } of selects) {
      const rows = await logged!.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query}`, ...params);
      const plan = rows.map((r) => r.detail);
      if (process.env.SHOW_PLANS) console.log(`${query}\n  ${plan.join("\n  ")}`);
      const scans = plan.filter((line) => /^SCAN (main\.)?(Module|QuizQuestion|QuizAttempt)\b/.test(line));
      expect({ query, scans }).toEqual({ query, scans: [] });
    }
  });
});
