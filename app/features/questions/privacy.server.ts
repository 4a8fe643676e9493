// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, tableRows } from "~/lib/personal-data.server.ts";

/** The questions the person asked under a course's modules (docs/product.md#module-questions). */
function moduleQuestions(userId: string) {
  return tableRows({
    where: { authorId: userId },
    find: (page) =>
      prisma.moduleQuestion.findMany({
        ...page,
        select: {
          id: true,
          texto: true,
          respondida: true,
          resuelta: true,
          oculta: true,
          createdAt: true,
          updatedAt: true,
          editadaEn: true,
          curso: { select: { id: true, titulo: true } },
          modulo: { select: { titulo: true } },
        },
      }),
    item: (r) => ({
      id: r.id,
      curso: r.curso,
      modulo: r.modulo.titulo,
      texto: r.texto,
      respondida: r.respondida,
      resuelta: r.resuelta,
      oculta: r.oculta,
      publicadaEn: r.createdAt,
      editadaEn: r.editadaEn,
      actualizadaEn: r.updatedAt,
    }),
  });
}

/** The answers the person gave to module questions as a course's teacher. */
function moduleAnswers(userId: string) {
  return tableRows({
    where: { authorId: userId },
    find: (page) =>
      prisma.moduleAnswer.findMany({
        ...page,
        select: {
          id: true,
          preguntaId: true,
          texto: true,
          createdAt: true,
          pregunta: { select: { curso: { select: { id: true, titulo: true } } } },
        },
      }),
    item: (r) => ({
      id: r.id,
      preguntaId: r.preguntaId,
      curso: r.pregunta.curso,
      texto: r.texto,
      publicadaEn: r.createdAt,
    }),
  });
}

export const questionData = jsonFile(
  "preguntas.json",
  [
    "  Las preguntas que hiciste en los módulos de tus cursos (curso, módulo, texto, fechas y si tiene",
    "  respuesta, está resuelta u oculta) y las respuestas que diste como profesor/a.",
  ],
  (userId) => ({ preguntas: moduleQuestions(userId), respuestas: moduleAnswers(userId) }),
);
