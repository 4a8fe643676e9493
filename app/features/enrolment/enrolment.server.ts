// Enrolment: taking a course, leaving it, and the list of one's courses. The participant
// counter moves in the same transaction as the enrolment row.
import { recomputeProgress } from "./progress.server.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import {
  canSeeCourse,
  isOpenToLearners,
  isPrivate,
  NO_TIES,
  type Ties,
  type Viewer,
} from "~/features/courses/rules.ts";
import { courseHead, mayManageCourse } from "~/features/courses/team.server.ts";
import { ENROL_FAILED, enrolmentDecision, type EnrolRefusal } from "./rules.ts";

import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { log } from "~/lib/log.server.ts";

export async function enrol(
  viewer: Viewer,
  courseId: string,
): Promise<Result<{ alreadyEnrolled: boolean }, Failure<EnrolRefusal>>> {
  const course = await prisma.course.findUnique({
    where: { id: courseId },
    select: { id: true, estado: true, dirigidoA: true, visibilidad: true },
  });
  if (!course) return fail(404, COURSE_NOT_FOUND, { reason: "not-found" });
  const decision = enrolmentDecision(viewer, course, isPrivate(course) ? await courseTies(viewer, courseId) : NO_TIES);
  if (!decision.ok) return decision;
  const userId = viewer!.id;
  try {
    const created = await prisma.$transaction((tx) => enrolInTransaction(tx, userId, courseId));
    if (created) await afterEnrolment(userId, courseId);
    return ok({ alreadyEnrolled: !created });
  } catch (error) {
    // Two simultaneous clicks: the unique index keeps one row; the second is "already enrolled".
    if (isUniqueViolation(error)) return ok({ alreadyEnrolled: true });
    log.error({ err: error }, "No se pudo inscribir en el curso");
    return fail(500, ENROL_FAILED, { reason: "error" });
  }
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/**
 * The enrolment row and the course's participant counter, in the caller's transaction (taking a
 * course; joining a class with its code, which adds the class membership in the same one): true
 * when the row is new. Who may enrol is decided before (enrolmentDecision).
 */
export async function enrolInTransaction(tx: Tx, userId: string, courseId: string): Promise<boolean> {
  const existing = await tx.enrolment.findUnique({
    where: { userId_cursoId: { userId, cursoId: courseId } },
    select: { id: true },
  });
  if (existing) return false;
  await tx.enrolment.create({ data: { userId, cursoId: courseId } });
  await tx.course.update({ where: { id: courseId }, data: { cantidadParticipantes: { increment: 1 } } });
  return true;
}

/**
 * After a new enrolment has committed. Attempts outlive an enrolment (leaving a course, or
 * quizzes taken before enrolling as a docente): a new enrolment starts from what was already
 * passed, not from 0%.
 */
export async function afterEnrolment(userId: string, courseId: string): Promise<void> {
  await recomputeProgress(userId, courseId);
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

/**
 * What ties a viewer to a course, for who sees a private one (docs/decisions/039-private-courses.md,
 * the rule: canSeeCourse): on its team (mayManageCourse: an admin counts), enrolled in it.
 */
export async function courseTies(viewer: Viewer, cursoId: string): Promise<Ties> {
  if (!viewer) return NO_TIES;
  const [team, enrolled] = await Promise.all([mayManageCourse(viewer, cursoId), isEnrolled(viewer.id, cursoId)]);
  return { team, enrolled };
}

export type CourseHead = { id: string; titulo: string; estado: string; visibilidad: string };

/**
 * Who reads a course's own pages beyond its card (announcements, questions, tareas): its team, and
 * its enrolled learners while they may see the course. A visitor gets 401 and an outsider 403 with
 * `forbidden`; an unknown course, or a private one to an outsider, 404. With `notOpen`, learners
 * also wait until the course is open to them ('Lista para la clase'): 403 with that message.
 */
export async function courseReadAccess(
  viewer: Viewer,
  cursoId: string | undefined,
  forbidden: string,
  notOpen?: string,
): Promise<Result<{ course: CourseHead; team: boolean; enrolled: boolean }>> {
  const course = await courseHead(cursoId);
  if (!course) return fail(404, COURSE_NOT_FOUND);
  if (!viewer) return fail(401, forbidden);
  const [team, enrolled] = await Promise.all([mayManageCourse(viewer, course.id), isEnrolled(viewer.id, course.id)]);
  if (!team) {
    if (!canSeeCourse(viewer, course, { team, enrolled })) return fail(404, COURSE_NOT_FOUND);
    if (!enrolled) return fail(403, forbidden);
    if (notOpen !== undefined && !isOpenToLearners(course)) return fail(403, notOpen);
  }
  return ok({ course, team, enrolled });
}

/**
 * One's courses (docs/product.md#enrolled-courses): id, nombre, duracion, progreso; newest first,
 * a page at a time. The page is a range of the (userId, registradoEn) index: its cost follows the
 * user's own enrolments, never the size of the academy.
 */
export async function listEnrolledCourses(userId: string, { page, size }: { page: number; size: number }) {
  const where = { userId };
  const read = (current: number) =>
    prisma.enrolment.findMany({
      where,
      orderBy: [{ registradoEn: "desc" }, { id: "asc" }],
      skip: (current - 1) * size,
      take: size,
      select: {
        progreso: true,
        registradoEn: true,
        curso: { select: { id: true, titulo: true, duracionHoras: true } },
      },
    });
  // Page 1 read first: a first page that is not full is the whole list, and needs no count.
  const first = page <= 1 ? await read(1) : null;
  const total = first && first.length < size ? first.length : await prisma.enrolment.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = first ?? (await read(current));
  const courses = rows.map((r) => ({
    id: r.curso.id,
    nombre: r.curso.titulo,
    duracion: r.curso.duracionHoras,
    progreso: r.progreso,
    registradoEn: r.registradoEn,
  }));
  return { courses, total, page: current, pageCount };
}

/** One enrolled course of a user (the one to confirm leaving), or null. */
export async function getEnrolledCourse(userId: string, courseId: string) {
  const row = await prisma.enrolment.findUnique({
    where: { userId_cursoId: { userId, cursoId: courseId } },
    select: { progreso: true, curso: { select: { id: true, titulo: true, duracionHoras: true } } },
  });
  return row
    ? { id: row.curso.id, nombre: row.curso.titulo, duracion: row.curso.duracionHoras, progreso: row.progreso }
    : null;
}
