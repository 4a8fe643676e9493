// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, json, keyset, rows, type PersonalData } from "~/lib/personal-data.server.ts";

function enrolments(userId: string) {
  return rows(
    keyset("registradoEn", (last, take) =>
      prisma.enrolment.findMany({
        where: { userId, ...after("registradoEn", last) },
        orderBy: [{ registradoEn: "asc" }, { id: "asc" }],
        take,
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
    ),
    (r) => ({
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
  );
}

export const enrolmentData: PersonalData = {
  readme: ["inscripciones.json", "  Los cursos en que te inscribiste, con tu avance y la fecha de inscripción."],
  async *files(userId) {
    yield { name: "inscripciones.json", data: json(enrolments(userId)) };
  },
};
