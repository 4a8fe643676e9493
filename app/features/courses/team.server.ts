// Course teams (docs/decisions/020-course-teams.md, docs/product.md#course-teams): the one place
// that decides whether a user may manage one course (its editor, participants, report, gradebook
// and their API calls), and the team's rows. Admins are part of every team without a row; a
// docente is part of the teams that list them. Catalog-wide administration stays admin-only.
import { audit } from "~/features/audit/audit.server.ts";
import { NOT_ALLOWED, requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { requireCourseStaff, type GuardArgs } from "~/features/accounts/guards.server.ts";
import { isAdmin, toRole, type Role } from "~/features/accounts/roles.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { ApiError } from "~/lib/api.server.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import type { Team } from "./team-schema.ts";
import {
  COURSE_NOT_FOUND,
  TEAM_ALREADY,
  TEAM_NO_DOCENTE,
  TEAM_NOT_MEMBER,
  TEAM_USER_NOT_APPROVED,
  TEAM_USER_NOT_DOCENTE,
  TEAM_USER_UNKNOWN,
} from "./texts.ts";

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
 * The teachers a course's news goes to (a new question, a review's comment): its rows whose account
 * is approved and still a docente, as mayManageCourse lets in. A suspended account (aprobado false)
 * or one given another role keeps its row, but is told nothing. In the caller's transaction if given.
 */
export async function teachersToTell(
  cursoId: string,
  db: Pick<Prisma.TransactionClient, "courseTeacher"> = prisma,
): Promise<Array<{ id: string; correo: string }>> {
  const rows = await db.courseTeacher.findMany({
    where: { cursoId, user: { aprobado: true } },
    select: { user: { select: { id: true, correo: true, rol: true } } },
  });
  return rows.filter((r) => toRole(r.user.rol) === "docente").map(({ user }) => ({ id: user.id, correo: user.correo }));
}

/**
 * Who may publish a course they manage: admins; its teachers only where the academy allows it
 * (TEACHERS_PUBLISH=true); otherwise a teacher sends it for review.
 */
export function mayPublishCourse(user: Caller): boolean {
  if (isAdmin(user)) return true;
  return user?.rol === "docente" && env().TEACHERS_PUBLISH === "true";
}

/**
 * The guard of a course's management pages, /docente/cursos/{cursoId}/…: the rule above
 * (docs/decisions/036-one-course-management-tree.md). A docente off the team is told the course
 * does not exist (404), like an unknown id; other roles go home.
 */
export async function requireCourseManager(args: GuardArgs, cursoId: string | undefined): Promise<SessionUser> {
  const user = await requireCourseStaff(args);
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

/** The team in the order its members were added; null for an unknown course. */
export async function getTeam(cursoId: string): Promise<Team | null> {
  if (!isRecordId(cursoId)) return null;
  const course = await prisma.course.findUnique({
    where: { id: cursoId },
    select: {
      id: true,
      teachers: {
        orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
        select: {
          createdAt: true,
          user: { select: { id: true, nombre: true, apellido: true, correo: true } },
          addedBy: { select: { nombre: true, apellido: true } },
        },
      },
    },
  });
  if (!course) return null;
  return {
    cursoId: course.id,
    profesores: course.teachers.map((t) => ({
      ...t.user,
      agregadoEn: t.createdAt.toISOString(),
      agregadoPor: t.addedBy ? `${t.addedBy.nombre} ${t.addedBy.apellido}`.trim() : null,
    })),
  };
}

type Candidate = { id: string; aprobado: boolean; rol: string } | null;

/** Who may join a team: an existing, approved account with the docente role. */
function teacherRefusal(user: Candidate): string | null {
  if (!user) return TEAM_USER_UNKNOWN;
  if (!user.aprobado) return TEAM_USER_NOT_APPROVED;
  if (user.rol.toLowerCase() !== "docente") return TEAM_USER_NOT_DOCENTE;
  return null;
}

const candidateSelect = { id: true, aprobado: true, rol: true } as const;

/**
 * 'Agregar profesor/a': whoever manages the course (an admin, or a docente of its team, who adds a
 * co-teacher herself; docs/decisions/041) names an approved docente by e-mail, who joins the team.
 * The refusals are the admin's page's: no account, not approved, not a docente, already on the team.
 */
export async function addTeacherByEmail(
  actor: { id: string; rol: Role | null },
  cursoId: string,
  correo: string,
  request: Request,
): Promise<Result> {
  if (!(await courseExists(cursoId))) return fail(404, COURSE_NOT_FOUND);
  if (!(await mayManageCourse(actor, cursoId))) return fail(403, NOT_ALLOWED);
  const user = await prisma.user.findUnique({ where: { correo }, select: candidateSelect });
  const refusal = teacherRefusal(user);
  if (refusal) return fail(400, isAdmin(actor) ? refusal : TEAM_NO_DOCENTE);
  try {
    await prisma.courseTeacher.create({ data: { cursoId, userId: user!.id, addedById: actor.id } });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(409, TEAM_ALREADY);
    throw error;
  }
  await audit(request, "course.team-add", {
    actorId: actor.id,
    targetType: "course",
    targetId: cursoId,
    detail: user!.id,
  });
  return ok();
}

/** 'Quitar' (admin): the docente leaves the team; their own enrolment, if any, stays. */
export async function removeTeacher(
  actor: { id: string },
  cursoId: string,
  userId: string,
  request: Request,
): Promise<Result> {
  if (!(await courseExists(cursoId))) return fail(404, COURSE_NOT_FOUND);
  const { count } = await prisma.courseTeacher.deleteMany({ where: { cursoId, userId } });
  if (count === 0) return fail(404, TEAM_NOT_MEMBER);
  await audit(request, "course.team-remove", {
    actorId: actor.id,
    targetType: "course",
    targetId: cursoId,
    detail: userId,
  });
  return ok();
}

/**
 * PUT /api/cursos/{cursoId}/equipo (admin): the team becomes exactly these docentes, in one
 * transaction; members who stay keep when and by whom they were added. Each change is audited.
 */
export async function replaceTeam(
  actor: { id: string },
  cursoId: string,
  userIds: string[],
  request: Request,
): Promise<Result<{ team: Team }>> {
  if (!(await courseExists(cursoId))) return fail(404, COURSE_NOT_FOUND);
  const wanted = [...new Set(userIds)];
  const users = await prisma.user.findMany({ where: { id: { in: wanted } }, select: candidateSelect });
  const byId = new Map(users.map((u) => [u.id, u]));
  for (const id of wanted) {
    const refusal = teacherRefusal(byId.get(id) ?? null);
    if (refusal) return fail(400, `${refusal} (${id})`);
  }
  const current = await prisma.courseTeacher.findMany({ where: { cursoId }, select: { userId: true } });
  const had = new Set(current.map((t) => t.userId));
  const added = wanted.filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !wanted.includes(id));
  await prisma.$transaction([
    prisma.courseTeacher.deleteMany({ where: { cursoId, userId: { in: removed } } }),
    prisma.courseTeacher.createMany({ data: added.map((userId) => ({ cursoId, userId, addedById: actor.id })) }),
  ]);
  const entry = (detail: string) => ({ actorId: actor.id, targetType: "course", targetId: cursoId, detail });
  for (const id of added) await audit(request, "course.team-add", entry(id));
  for (const id of removed) await audit(request, "course.team-remove", entry(id));
  return ok({ team: (await getTeam(cursoId))! });
}

/** A course's title and the states its rules read (one primary-key read), or null. */
export async function courseHead(
  cursoId: string | undefined,
): Promise<{ id: string; titulo: string; estado: string; visibilidad: string } | null> {
  if (!isRecordId(cursoId)) return null;
  return prisma.course.findUnique({
    where: { id: cursoId },
    select: { id: true, titulo: true, estado: true, visibilidad: true },
  });
}

export async function courseExists(cursoId: string): Promise<boolean> {
  return isRecordId(cursoId) && (await prisma.course.count({ where: { id: cursoId } })) > 0;
}

const TEACHING_PAGE_SIZE = 25;

/**
 * 'Mis cursos como profesor/a' (/docente): the docente's courses in any state, the most recently
 * joined first, 25 a page: a range of the (userId, createdAt) index.
 */
/** The ids of the courses whose team lists the docente (her rows of the (userId, createdAt) index). */
export async function teachingCourseIds(userId: string): Promise<string[]> {
  const rows = await prisma.courseTeacher.findMany({ where: { userId }, select: { cursoId: true } });
  return rows.map((r) => r.cursoId);
}

export async function listTeachingCourses(userId: string, { page = 1 }: { page?: number } = {}) {
  const [total, rows] = await Promise.all([
    prisma.courseTeacher.count({ where: { userId } }),
    prisma.courseTeacher.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { cursoId: "desc" }],
      skip: (Math.max(1, page) - 1) * TEACHING_PAGE_SIZE,
      take: TEACHING_PAGE_SIZE,
      select: {
        curso: {
          select: {
            id: true,
            titulo: true,
            estado: true,
            visibilidad: true,
            cantidadParticipantes: true,
            updatedAt: true,
          },
        },
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
