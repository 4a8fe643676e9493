// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, tableRows } from "~/lib/personal-data.server.ts";

/** The announcements the person posted in a course as its teacher (docs/product.md#announcements). */
export const announcementData = jsonFile(
  "avisos-publicados.json",
  ["  Los avisos que publicaste en los cursos de los que eres profesor/a: curso, título, texto y fechas."],
  (userId) =>
    tableRows({
      where: { authorId: userId },
      find: (page) =>
        prisma.announcement.findMany({
          ...page,
          select: {
            id: true,
            titulo: true,
            texto: true,
            createdAt: true,
            updatedAt: true,
            curso: { select: { id: true, titulo: true } },
          },
        }),
      item: (r) => ({
        id: r.id,
        curso: r.curso,
        titulo: r.titulo,
        texto: r.texto,
        publicadoEn: r.createdAt,
        actualizadoEn: r.updatedAt,
      }),
    }),
);
