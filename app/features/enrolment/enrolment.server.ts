// Enrolment: taking a course, leaving it, and the list of one's courses. The participant
// counter moves in the same transaction as the enrolment row.
import { prisma } from "~/lib/db.server.ts";
import { ENROL_FAILED, enrolmentDecision, type EnrolDecision, type Viewer } from "~/features/courses/rules.ts";

export { COURSE_NOT_FOUND } from "~/features/courses/messages.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/messages.ts";

export type EnrolResult =
  | { ok: true; alreadyEnrolled: boolean }
  | {
      ok: false;
      status: number;
      message: string;
      reason: "login" | "audience" | "unpublished" | "not-found" | "error";
    };

export async function enrol(viewer: Viewer, courseId: string): Promise<EnrolResult> {
  const course = await prisma.course.findUnique({
    where: { id: courseId },
    select: { id: true, estado: true, dirigidoA: true },
  });
  if (!course) return { ok: false, status: 404, message: COURSE_NOT_FOUND, reason: "not-found" };
  const decision: EnrolDecision = enrolmentDecision(viewer, course);
  if (!decision.ok) return decision;
  const userId = viewer!.id;
  try {
    const created = await prisma.$transaction(async (tx) => {
      const existing = await tx.enrolment.findUnique({
        where: { userId_cursoId: { userId, cursoId: courseId } },
        select: { id: true },
      });
      if (existing) return false;
      await tx.enrolment.create({ data: { userId, cursoId: courseId } });
      await tx.course.update({ where: { id: courseId }, data: { cantidadParticipantes: { increment: 1 } } });
      return true;
    });
    return { ok: true, alreadyEnrolled: !created };
  } catch (error) {
    // Two simultaneous clicks: the unique index keeps one row; the second is "already enrolled".
    if ((error as { code?: string }).code === "P2002") return { ok: true, alreadyEnrolled: true };
    console.error(error);
    return { ok: false, status: 500, message: ENROL_FAILED, reason: "error" };
  }
}

/** Leaves a course; false when the user was not enrolled. */
export async function unenrol(userId: string, courseId: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.enrolment.deleteMany({ where: { userId, cursoId: courseId } });
    if (count > 0) {
      await tx.course.updateMany({ where: { id: courseId }, data: { cantidadParticipantes: { decrement: count } } });
    }
    return count > 0;
  });
}

export async function isEnrolled(userId: string | undefined, courseId: string): Promise<boolean> {
  if (!userId) return false;
  const row = await prisma.enrolment.findUnique({
    where: { userId_cursoId: { userId, cursoId: courseId } },
    select: { id: true },
  });
  return row !== null;
}

/** One's courses (SPEC §3 "Enrolled course"): id, nombre, duracion, progreso; newest first. */
export async function listEnrolledCourses(userId: string) {
  const rows = await prisma.enrolment.findMany({
    where: { userId },
    orderBy: [{ registradoEn: "desc" }, { id: "asc" }],
    select: { progreso: true, registradoEn: true, curso: { select: { id: true, titulo: true, duracionHoras: true } } },
  });
  return rows.map((r) => ({
    id: r.curso.id,
    nombre: r.curso.titulo,
    duracion: r.curso.duracionHoras,
    progreso: r.progreso,
    registradoEn: r.registradoEn,
  }));
}
