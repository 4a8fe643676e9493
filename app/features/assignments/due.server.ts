// A learner's tareas in 'Próximas fechas' and the calendar feed (docs/product.md#setting-a-tarea):
// due-dates reads the modules' dates and calls this for the tareas' among the same courses, merged
// in date order under the same cap.
import type { DueItem, MoreDueDates } from "~/features/due-dates/due-dates.server.ts";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { rowsInOrder } from "~/lib/keyset.ts";
import { isPastDue } from "./rules.ts";
import { tareaPath } from "./tareas.server.ts";

/**
 * The learner's tareas due in the range, earliest first, at most `cap`: those for every class or
 * one of theirs, of courses open to learners, not handed in yet. With `keepOverdue` ('Próximas
 * fechas'), an earlier one still taken late stays, marked 'Atrasado', until it is handed in.
 */
export const tareaDueDates: MoreDueDates = async (userId, { from, to, cap, keepOverdue }, now) => {
  // One statement driven by the learner's enrolments, as the modules' (due-dates.server.ts): each
  // course's (cursoId, fechaLimite, id) range, then primary-key probes for what was found.
  const late = keepOverdue ? Prisma.sql`OR t."permiteAtrasadas"` : Prisma.empty;
  const found = await prisma.$queryRaw<Array<{ id: string }>>`SELECT t."id" FROM "Enrolment" e
    CROSS JOIN "Assignment" t CROSS JOIN "Course" c
    WHERE e."userId" = ${userId} AND t."cursoId" = e."cursoId" AND c."id" = t."cursoId"
      AND t."fechaLimite" <= ${to} AND (t."fechaLimite" >= ${from} ${late})
      AND (c."estado" = 'publicado' OR (c."visibilidad" = 'privado' AND c."estado" <> 'borrador'))
      AND (t."todasLasClases" OR EXISTS (SELECT 1 FROM "AssignmentClass" ac
        JOIN "ClassMember" cm ON cm."claseId" = ac."claseId" AND cm."userId" = ${userId} WHERE ac."tareaId" = t."id"))
      AND NOT EXISTS (SELECT 1 FROM "Submission" s WHERE s."tareaId" = t."id" AND s."userId" = ${userId}
        AND s."estado" IN ('entregada', 'devuelta'))
    ORDER BY t."fechaLimite", t."id" LIMIT ${cap}`;
  const rows = await rowsInOrder(
    found.map((r) => r.id),
    (ids) =>
      prisma.assignment.findMany({
        where: { id: { in: ids } },
        select: {
          id: true,
          cursoId: true,
          moduloId: true,
          titulo: true,
          fechaLimite: true,
          curso: { select: { titulo: true } },
        },
      }),
  );
  return rows.map((t): DueItem => {
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
  });
};
