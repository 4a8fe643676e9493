// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { json, keyset, rows, tableRows, type PersonalData } from "~/lib/personal-data.server.ts";

/** The classes the person is in, oldest first: class, course, since when and how (the code, or which teacher). */
function classes(userId: string) {
  return rows(
    keyset("createdAt", async (last, take) =>
      (
        await prisma.classMember.findMany({
          where: {
            userId,
            ...(last ? { OR: [{ createdAt: { gt: last.at } }, { createdAt: last.at, claseId: { gt: last.id } }] } : {}),
          },
          orderBy: [{ createdAt: "asc" }, { claseId: "asc" }],
          take,
          select: {
            claseId: true,
            cursoId: true,
            createdAt: true,
            clase: { select: { nombre: true, curso: { select: { titulo: true } } } },
            addedBy: { select: { nombre: true, apellido: true } },
          },
        })
      ).map((row) => ({ ...row, id: row.claseId })),
    ),
    (r) => ({
      claseId: r.claseId,
      clase: r.clase.nombre,
      cursoId: r.cursoId,
      curso: r.clase.curso.titulo,
      enLaClaseDesde: r.createdAt,
      comoLlegaste: r.addedBy
        ? `agregado/a por ${`${r.addedBy.nombre} ${r.addedBy.apellido}`.trim()}`
        : "con el código de la clase",
    }),
  );
}

/**
 * The invitations to a class the person has not accepted (docs/decisions/032-class-invitations.md),
 * oldest first: a range of the (userId, createdAt) index. An accepted one is a class of clases.json.
 */
function classInvitations(userId: string) {
  return tableRows({
    where: { userId },
    find: (page) =>
      prisma.classInvitation.findMany({
        ...page,
        select: {
          id: true,
          createdAt: true,
          declinedAt: true,
          clase: { select: { id: true, nombre: true, curso: { select: { id: true, titulo: true } } } },
          invitedBy: { select: { nombre: true, apellido: true } },
        },
      }),
    item: (r) => ({
      claseId: r.clase.id,
      clase: r.clase.nombre,
      cursoId: r.clase.curso.id,
      curso: r.clase.curso.titulo,
      invitadaEn: r.createdAt,
      invitadaPor: r.invitedBy ? `${r.invitedBy.nombre} ${r.invitedBy.apellido}`.trim() : null,
      rechazadaEn: r.declinedAt,
    }),
  });
}

export const classData: PersonalData = {
  readme: [
    "clases.json",
    "  Las clases de tus cursos en que estás: la clase, el curso, desde cuándo y cómo llegaste (con el",
    "  código de la clase, o porque tu profesor/a te agregó).",
    "invitaciones-a-clases.json",
    "  Las invitaciones a una clase que aún no aceptas: la clase, el curso, quién te invitó, cuándo y",
    "  si la rechazaste.",
  ],
  async *files(userId) {
    yield { name: "clases.json", data: json(classes(userId)) };
    yield { name: "invitaciones-a-clases.json", data: json(classInvitations(userId)) };
  },
};
