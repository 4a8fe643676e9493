// Course teams (docs/decisions/020-course-teams.md, docs/product.md#course-teams): the one place
// that decides whether a user may manage one course (its editor, participants, report, gradebook
// and their API calls), and the team's rows. Admins are part of every team without a row; a
// docente is part of the teams that list them. Catalog-wide administration stays admin-only.
import { redirect } from "react-router";
import { NOT_ALLOWED, requireApiUser } from "~/features/auth/api-guards.server.ts";
import { requireAdmin, requireUser, type GuardArgs } from "~/features/auth/guards.server.ts";
import { isAdmin, type Role } from "~/features/auth/roles.ts";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { ApiError } from "~/lib/api.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { panelOfPath } from "./course-links.ts";
import { COURSE_NOT_FOUND } from "./texts.ts";

type Caller = { id: string; rol: Role | null } | null | undefined;

/** Whether this docente is on the course's team (one primary-key read). */
async function isTeacherOf(userId: string, cursoId: string): Promise<boolean> {
  if (!isRecordId(cursoId)) return false;
  const row = await prisma.courseTeacher.findUnique({
    where: { cursoId_userId: { cursoId, userId } },
    select: { userId: true },
  });
  return row !== null;
}

/** The rule: an admin manages every course; a docente the courses whose team lists them. */
export async function mayManageCourse(user: Caller, cursoId: string | undefined): Promise<boolean> {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return user.rol === "docente" && cursoId !== undefined && (await isTeacherOf(user.id, cursoId));
}

/**
 * The guard of a course's management pages, which the admin panel (/admin/courses/…) and the
 * teacher's panel (/docente/cursos/{cursoId}/…) share. Under /admin only admins pass (anyone else
 * goes home, as on every admin page); under /docente a docente who is not on the team is told the
 * course does not exist (404), like an unknown id, and other roles go home.
 */
export async function requireCourseManager(args: GuardArgs, cursoId: string | undefined): Promise<SessionUser> {
  if (panelOfPath(new URL(args.request.url).pathname) === "admin") return requireAdmin(args);
  const user = await requireUser(args);
  if (isAdmin(user)) return user;
  if (user.rol !== "docente") throw redirect("/");
  // A Response, not data(): the CSV resource routes throw it too.
  if (!(await mayManageCourse(user, cursoId))) throw new Response(COURSE_NOT_FOUND, { status: 404 });
  return user;
}

/** The same rule for the API: 401 without credentials, 403 ('No tienes permiso…') off the team. */
export async function requireApiCourseManager(args: GuardArgs, cursoId: string | undefined): Promise<SessionUser> {
  const user = await requireApiUser(args);
  if (!(await mayManageCourse(user, cursoId))) throw new ApiError(403, NOT_ALLOWED);
  return user;
}

const TEACHING_PAGE_SIZE = 25;

/**
 * 'Mis cursos como profesor/a' (/docente): the docente's courses in any state, the most recently
 * joined first, 25 a page: a range of the (userId, createdAt) index.
 */
export async function listTeachingCourses(userId: string, { page = 1 }: { page?: number } = {}) {
  const [total, rows] = await Promise.all([
    prisma.courseTeacher.count({ where: { userId } }),
    prisma.courseTeacher.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { cursoId: "desc" }],
      skip: (Math.max(1, page) - 1) * TEACHING_PAGE_SIZE,
      take: TEACHING_PAGE_SIZE,
      select: {
        curso: { select: { id: true, titulo: true, estado: true, cantidadParticipantes: true, updatedAt: true } },
      },
    }),
  ]);
  return {
    courses: rows.map((r) => r.curso),
    total,
    page: Math.max(1, page),
    pageCount: Math.max(1, Math.ceil(total / TEACHING_PAGE_SIZE)),
  };
}
