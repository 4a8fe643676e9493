// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, jsonFile, keyset, rows } from "~/lib/personal-data.server.ts";

/**
 * Every quiz attempt with its answers, module by module (the attempts' index is
 * (userId, moduloId, createdAt): each module's attempts are one range of it), oldest first.
 */
function attempts(userId: string) {
  return rows(
    (async function* () {
      const modules = await prisma.quizAttempt.groupBy({ by: ["moduloId"], where: { userId } });
      for (const { moduloId } of modules) {
        const modulo = await prisma.module.findUnique({
          where: { id: moduloId },
          select: { titulo: true, posicion: true, curso: { select: { titulo: true } } },
        });
        for await (const batch of keyset("createdAt", (last, take) =>
          prisma.quizAttempt.findMany({
            where: { userId, moduloId, ...after("createdAt", last) },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            take,
            select: {
              id: true,
              cursoId: true,
              moduloId: true,
              porcentaje: true,
              aprobado: true,
              correctas: true,
              totalPreguntas: true,
              createdAt: true,
              answers: {
                select: { id: true, pregunta: true, respuestaUsuario: true, esCorrecta: true, puntaje: true },
              },
            },
          }),
        )) {
          yield batch.map((r) => ({ ...r, modulo }));
        }
      }
    })(),
    (r) => ({
      id: r.id,
      cursoId: r.cursoId,
      curso: r.modulo?.curso.titulo ?? null,
      moduloId: r.moduloId,
      modulo: r.modulo ? { numero: r.modulo.posicion + 1, titulo: r.modulo.titulo } : null,
      fecha: r.createdAt,
      porcentaje: r.porcentaje,
      aprobado: r.aprobado,
      correctas: r.correctas,
      totalPreguntas: r.totalPreguntas,
      // In the order they were recorded (the quiz's order); each with its credit (0..100, partial
      // on a 'multiple' question; correcta only when full).
      respuestas: [...r.answers]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((a) => ({
          pregunta: a.pregunta,
          respuesta: a.respuestaUsuario,
          correcta: a.esCorrecta,
          puntaje: a.puntaje,
        })),
    }),
  );
}

export const attemptData = jsonFile(
  "evaluaciones.json",
  ["  Cada intento de evaluación: curso, módulo, fecha, nota y tus respuestas, una por una."],
  attempts,
);
