// Progress is computed on the server from stored results, never posted by the client.
import { prisma } from "~/lib/db.server.ts";
import { progressPercent } from "./progress.ts";

export type CourseProgress = { progreso: number; quizModules: number; passedModules: number };

/** Recomputes one user's progress in one course and stores it on the enrolment (if any). */
export async function recomputeProgress(userId: string, courseId: string): Promise<CourseProgress> {
  const [quizModules, passed] = await Promise.all([
    prisma.module.findMany({ where: { cursoId: courseId, preguntas: { some: {} } }, select: { id: true } }),
    prisma.quizAttempt.findMany({
      where: { userId, cursoId: courseId, aprobado: true },
      distinct: ["moduloId"],
      select: { moduloId: true },
    }),
  ]);
  const quizIds = quizModules.map((m) => m.id);
  const passedIds = new Set(passed.map((p) => p.moduloId));
  const progreso = progressPercent(quizIds, passedIds);
  await prisma.enrolment.updateMany({ where: { userId, cursoId: courseId }, data: { progreso } });
  return { progreso, quizModules: quizIds.length, passedModules: quizIds.filter((id) => passedIds.has(id)).length };
}
