// The class lists stay flat (docs/decisions/022-classes-and-their-code.md): a course's classes
// with their member counts in a constant number of statements, whatever the number of classes,
// and a class's learners as a range of the members' primary key. The SQL is caught from Prisma's
// query log and explained by SQLite, as in tests/platform/query-plans.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { listClasses, listClassMembers } = await import("~/features/classes/classes.server.ts");
const { newClassCode } = await import("~/features/classes/codes.ts");
const { createCourse, createUser } = await import("../factories.ts");

async function courseWithClasses(count: number, membersEach: number) {
  const course = await createCourse({ titulo: `Curso de ${count} clases` });
  const learners = await Promise.all(Array.from({ length: membersEach }, () => createUser()));
  await prisma.enrolment.createMany({ data: learners.map((u) => ({ userId: u.id, cursoId: course.id })) });
  const classIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const clase = await prisma.courseClass.create({
      data: { cursoId: course.id, nombre: `Clase ${String(i).padStart(2, "0")}`, codigo: newClassCode() },
    });
    await prisma.classMember.createMany({
      data: learners.map((u) => ({ claseId: clase.id, cursoId: course.id, userId: u.id })),
    });
    classIds.push(clase.id);
  }
  return { cursoId: course.id, classIds };
}

async function selects(run: () => Promise<unknown>) {
  statements.length = 0;
  await run();
  return statements.filter((s) => /^\s*SELECT/i.test(s.query));
}

async function plan(query: string, params: unknown[]) {
  const rows = await logged!.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query}`, ...params);
  return rows.map((r) => r.detail);
}

describe.skipIf(!sqlite)("the class lists' queries (SQLite)", () => {
  let small: Awaited<ReturnType<typeof courseWithClasses>>;
  let large: Awaited<ReturnType<typeof courseWithClasses>>;
  beforeAll(async () => {
    small = await courseWithClasses(2, 3);
    large = await courseWithClasses(20, 3);
  });

  it("lists a course's classes and their counts in the same few statements for 2 or 20 classes", async () => {
    const few = await selects(() => listClasses(small.cursoId));
    const many = await selects(() => listClasses(large.cursoId));
    expect(many.length).toBe(few.length);
    expect(few.length).toBeLessThanOrEqual(4);
    const list = await listClasses(large.cursoId);
    expect(list!.clases).toHaveLength(20);
    expect(list!.clases.every((c) => c.estudiantes === 3)).toBe(true);
    for (const { query, params } of many) {
      const lines = await plan(query, params);
      expect({ query, bad: lines.filter((l) => /^SCAN (main\.)?(CourseClass|ClassMember)\b/.test(l)) }).toEqual({
        query,
        bad: [],
      });
    }
  });

  it("reads a class's learners in name order as a range of one of its indexes, with no sort", async () => {
    const claseId = large.classIds[0]!;
    const sent = await selects(() => listClassMembers(claseId, null));
    const members = sent.filter((s) => /FROM [`"]?(main[`"]?\.[`"]?)?ClassMember/i.test(s.query));
    expect(members.length).toBeGreaterThan(0);
    for (const { query, params } of members) {
      const lines = await plan(query, params);
      expect(
        lines.some((l) => /SEARCH .*ClassMember.*(sqlite_autoindex|PRIMARY KEY|USING)/.test(l)),
        lines.join("\n"),
      ).toBe(true);
      expect(lines.filter((l) => /USE TEMP B-TREE FOR ORDER BY/.test(l))).toEqual([]);
    }
  });
});
