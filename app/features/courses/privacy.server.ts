// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, keyset, rows } from "~/lib/personal-data.server.ts";

/**
 * The courses whose team the person is on as 'Profesor/a' (docs/product.md#course-teams), oldest
 * first, in (createdAt, cursoId) order: one user's rows are a range of the (userId, createdAt) index.
 */
function teams(userId: string) {
  return rows(
    keyset("createdAt", async (last, take) =>
      (
        await prisma.courseTeacher.findMany({
          where: {
            userId,
            ...(last ? { OR: [{ createdAt: { gt: last.at } }, { createdAt: last.at, cursoId: { gt: last.id } }] } : {}),
          },
          orderBy: [{ createdAt: "asc" }, { cursoId: "asc" }],
          take,
          select: { cursoId: true, createdAt: true, curso: { select: { titulo: true } } },
        })
      ).map((row) => ({ ...row, id: row.cursoId })),
    ),
    (r) => ({ cursoId: r.cursoId, curso: r.curso.titulo, profesorDesde: r.createdAt }),
  );
}

export const teamData = jsonFile(
  "equipos-docentes.json",
  ["  Los cursos en cuyo equipo docente estás como profesor/a, y desde cuándo."],
  teams,
);
