// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile } from "~/lib/personal-data.server.ts";

/** The person's notas in the gradebooks' manual columns (docs/decisions/044-manual-grade-columns.md). */
export const manualGradeData = jsonFile(
  "notas.json",
  ["  Las notas que tu profesor/a te puso en columnas de notas (ej.: Disertación): curso, columna, nota y comentario."],
  async (userId) => {
    // One row per column the person has a nota in: bounded by their courses' columns.
    const rows = await prisma.manualGrade.findMany({
      where: { userId },
      orderBy: [{ updatedAt: "asc" }, { columnaId: "asc" }],
      select: {
        nota: true,
        comentario: true,
        updatedAt: true,
        columna: { select: { nombre: true, curso: { select: { id: true, titulo: true } } } },
      },
    });
    return rows.map((r) => ({
      curso: r.columna.curso,
      columna: r.columna.nombre,
      nota: r.nota / 10,
      comentario: r.comentario,
      actualizadaEn: r.updatedAt,
    }));
  },
);
