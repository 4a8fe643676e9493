// Progress is computed on the server from stored results, never posted by the client.
import { prisma } from "~/lib/db.server.ts";
import { progressPercent } from "./progress.ts";

export type CourseProgress = { progreso: number; quizModules: number; passedModules: number };

/**
 * Recomputes one user's progress in one course and stores it on the enrolment (if any). Called
 * for the learner's own doings (enrolling, an attempt, a certificate), so it is also their last
 * activity in the course (docs/decisions/024-class-progress.md).
 */
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
  await prisma.enrolment.updateMany({
    where: { userId, cursoId: courseId },
    data: { progreso, ultimaActividadEn: new Date() },
  });
  return { progreso, quizModules: quizIds.length, passedModules: quizIds.filter((id) => passedIds.has(id)).length };
}

/** Opening a material counts as activity at most once an hour: a reread writes nothing. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/**
 * Records that an enrolled learner opened something of the course (a module's material): their
 * last activity (decision 024). One indexed update that changes nothing within the hour.
 */
export async function touchActivity(userId: string, courseId: string, at = new Date()): Promise<void> {
  await prisma.enrolment.updateMany({
    where: { userId, cursoId: courseId, ultimaActividadEn: { lt: new Date(at.getTime() - TOUCH_EVERY_MS) } },
    data: { ultimaActividadEn: at },
  });
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
  // A module removed takes its attempts with it: 'Atascado' is worked out again for the course's
  // enrolments in one statement (decision 024), from the (module, learner) counts.
  // Only the rows it changes are written (each write also rewrites its class rows' copy, decision 024).
  await prisma.$executeRaw`
    UPDATE "Enrolment" SET "atascado" = NOT "atascado"
    WHERE "cursoId" = ${courseId} AND "atascado" <> EXISTS (
      SELECT 1 FROM "QuizPairTally" p
      WHERE p."cursoId" = "Enrolment"."cursoId" AND p."userId" = "Enrolment"."userId"
        AND p."intentos" >= 2 AND p."aprobados" = 0)`;
  const quizIds = quizModules.map((m) => m.id);
  const passed = quizIds.length
    ? await prisma.quizAttempt.groupBy({
        by: ["userId", "moduloId"],
        where: { cursoId: courseId, aprobado: true, moduloId: { in: quizIds } },
      })
    : [];
  const passedBy = Map.groupBy(passed, (p) => p.userId);
  const fresh = enrolments.map((e) => ({
    ...e,
    value: progressPercent(quizIds, new Set(passedBy.get(e.userId)?.map((p) => p.moduloId))),
  }));
  const changed = Map.groupBy(
    fresh.filter((e) => e.value !== e.progreso),
    (e) => e.value,
  );
  for (const [progreso, rows] of changed)
    await prisma.enrolment.updateMany({ where: { id: { in: rows.map((e) => e.id) } }, data: { progreso } });
}
