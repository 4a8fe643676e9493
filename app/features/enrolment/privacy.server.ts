// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, tableRows } from "~/lib/personal-data.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";

function enrolments(userId: string) {
  return tableRows({
    field: "registradoEn",
    where: { userId },
    find: (page) =>
      prisma.enrolment.findMany({
        ...page,
        select: {
          id: true,
          cursoId: true,
          progreso: true,
          registradoEn: true,
          finalizadoEn: true,
          ultimaActividadEn: true,
          atascado: true,
          curso: { select: { titulo: true } },
        },
      }),
    item: (r) => ({
      id: r.id,
      cursoId: r.cursoId,
      curso: r.curso.titulo,
      progreso: r.progreso,
      inscritoEn: r.registradoEn,
      finalizadoEn: r.finalizadoEn,
      // What a class's teachers see of the learner (docs/decisions/024-class-progress.md).
      ultimaActividadEn: r.ultimaActividadEn,
      atascado: r.atascado,
    }),
  });
}

export const enrolmentData = jsonFile(
  "inscripciones.json",
  ["  Los cursos en que te inscribiste, con tu avance y la fecha de inscripción."],
  enrolments,
);

/** Account deletion: the participant counters of the person's courses, before their enrolments go (cascade). */
export async function eraseEnrolments(tx: Prisma.TransactionClient, userId: string) {
  const enrolments = await tx.enrolment.findMany({ where: { userId }, select: { cursoId: true } });
  if (enrolments.length === 0) return;
  await tx.course.updateMany({
    where: { id: { in: enrolments.map((e) => e.cursoId) } },
    data: { cantidadParticipantes: { decrement: 1 } },
  });
}
