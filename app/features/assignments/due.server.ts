// A learner's tareas in 'Próximas fechas' and the calendar feed (docs/product.md#setting-a-tarea):
// due-dates reads the modules' dates and calls this for the tareas' among the same courses, merged
// in date order under the same cap. The tareas of a course are one (cursoId, fechaLimite, id) range,
// read for up to 500 courses per statement: a few statements however many courses.
import type { DueItem, MoreDueDates } from "~/features/due-dates/due-dates.server.ts";
import { chunks } from "~/lib/chunks.ts";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { prisma } from "~/lib/db.server.ts";
import { isPastDue } from "./rules.ts";
import { tareaPath } from "./tareas.server.ts";

const COURSE_BATCH = 500;

/**
 * The learner's tareas due in the range, earliest first, at most `cap`: those for every class or
 * one of theirs, of courses open to learners, not handed in yet. With `keepOverdue` ('Próximas
 * fechas'), an earlier one still taken late stays, marked 'Atrasado', until it is handed in.
 */
export const tareaDueDates: MoreDueDates = async (userId, courseIds, { from, to, cap, keepOverdue }, now) => {
  const batches = await Promise.all(
    chunks(courseIds, COURSE_BATCH).map((cursoIds) =>
      prisma.assignment.findMany({
        where: {
          cursoId: { in: cursoIds },
          ...(keepOverdue
            ? { fechaLimite: { lte: to }, OR: [{ fechaLimite: { gte: from } }, { permiteAtrasadas: true }] }
            : { fechaLimite: { gte: from, lte: to } }),
          AND: [
            { OR: [{ todasLasClases: true }, { clases: { some: { clase: { members: { some: { userId } } } } } }] },
            {
              curso: {
                OR: [{ estado: "publicado" }, { visibilidad: "privado", estado: { not: "borrador" } }],
              },
            },
          ],
          entregas: { none: { userId, estado: { in: ["entregada", "devuelta"] } } },
        },
        orderBy: [{ fechaLimite: "asc" }, { id: "asc" }],
        take: cap,
        select: {
          id: true,
          cursoId: true,
          moduloId: true,
          titulo: true,
          fechaLimite: true,
          curso: { select: { titulo: true } },
        },
      }),
    ),
  );
  return batches
    .flat()
    .map((t): DueItem => {
      const fechaLimite = t.fechaLimite!;
      return {
        moduloId: t.moduloId,
        tareaId: t.id,
        cursoId: t.cursoId,
        curso: t.curso.titulo,
        modulo: t.titulo,
        numero: null,
        fechaLimite,
        fechaTexto: formatChileDateTime(fechaLimite),
        tieneQuiz: false,
        aprobado: false,
        atrasado: isPastDue(t, now),
        href: tareaPath(t),
      };
    })
    .sort((a, b) => a.fechaLimite.getTime() - b.fechaLimite.getTime())
    .slice(0, cap);
};
