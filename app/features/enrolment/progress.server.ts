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

/**
 * Recomputes every enrolment of a course after its quizzes changed (a module or question added
 * or removed): three reads and one write per distinct progress value, whatever the enrolment count.
 */
export async function recomputeCourseProgress(courseId: string): Promise<void> {
  const [quizModules, enrolments] = await Promise.all([
    prisma.module.findMany({ where: { cursoId: courseId, preguntas: { some: {} } }, select: { id: true } }),
    prisma.enrolment.findMany({ where: { cursoId: courseId }, select: { id: true, userId: true, progreso: true } }),
  ]);
  if (enrolments.length === 0) return;
  const quizIds = quizModules.map((m) => m.id);
  const passed = quizIds.length
    ? await prisma.quizAttempt.groupBy({
        by: ["userId", "moduloId"],
        where: { cursoId: courseId, aprobado: true, moduloId: { in: quizIds } },
      })
    : [];
  const passedBy = new Map<string, Set<string>>();
  for (const p of passed) {
    let set = passedBy.get(p.userId);
    if (!set) passedBy.set(p.userId, (set = new Set()));
    set.add(p.moduloId);
  }
  const byValue = new Map<number, string[]>();
  for (const e of enrolments) {
    const value = progressPercent(quizIds, passedBy.get(e.userId) ?? new Set());
    if (value === e.progreso) continue;
    let ids = byValue.get(value);
    if (!ids) byValue.set(value, (ids = []));
    ids.push(e.id);
  }
  for (const [progreso, ids] of byValue)
    await prisma.enrolment.updateMany({ where: { id: { in: ids } }, data: { progreso } });
}
