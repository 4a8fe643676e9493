// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, json, keyset, rows, type PersonalData } from "~/lib/personal-data.server.ts";

/** The announcements the person posted in a course as its teacher (docs/product.md#announcements). */
function announcements(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.announcement.findMany({
        where: { authorId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          titulo: true,
          texto: true,
          createdAt: true,
          updatedAt: true,
          curso: { select: { id: true, titulo: true } },
        },
      }),
    ),
    (r) => ({
      id: r.id,
      curso: r.curso,
      titulo: r.titulo,
      texto: r.texto,
      publicadoEn: r.createdAt,
      actualizadoEn: r.updatedAt,
    }),
  );
}

export const announcementData: PersonalData = {
  readme: [
    "avisos-publicados.json",
    "  Los avisos que publicaste en los cursos de los que eres profesor/a: curso, título, texto y fechas.",
  ],
  async *files(userId) {
    yield { name: "avisos-publicados.json", data: json(announcements(userId)) };
  },
};
