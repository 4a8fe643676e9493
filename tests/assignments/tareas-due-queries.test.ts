// A learner's tareas in 'Próximas fechas' (docs/product.md#setting-a-tarea): the read does not grow
// with the number of courses (the tareas of up to 500 courses per statement, on their
// (cursoId, fechaLimite, id) index). The SQL is caught from Prisma's query log (tests/query-log.ts):
// app modules load after it.
import { expect, it } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { upcomingDueDates } = await import("~/features/due-dates/due-dates.server.ts");
const { tareaDueDates } = await import("~/features/assignments/due.server.ts");
const { createCourse, createTarea, createUser } = await import("../factories.ts");

it.skipIf(!sqlite)("costs the same statements for 2 courses' tareas as for 20", async () => {
  const countFor = async (courses: number) => {
    const learner = await createUser();
    for (let i = 0; i < courses; i++) {
      const course = await createCourse();
      await createTarea(course.id, { fechaLimite: new Date(Date.now() + (i + 1) * 3_600_000) });
      await prisma.enrolment.create({ data: { userId: learner.id, cursoId: course.id } });
    }
    statements.length = 0;
    const items = await upcomingDueDates(learner.id, new Date(), tareaDueDates);
    expect(items.filter((i) => i.tareaId)).toHaveLength(courses);
    return statements.length;
  };
  expect(logged).not.toBeNull();
  const few = await countFor(2);
  expect(await countFor(20)).toBe(few);
  expect(few).toBeLessThanOrEqual(6);
});
