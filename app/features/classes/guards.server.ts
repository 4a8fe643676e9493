// Who may open one class's pages and API calls: whoever manages its course; a class of another
// course is a 404, as an unknown id.
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { mayManageCourse, requireApiCourseManager, requireCourseManager } from "~/features/courses/team.server.ts";
import type { GuardArgs } from "~/features/accounts/guards.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { ApiError } from "~/lib/api.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { CLASS_NOT_FOUND } from "./texts.ts";

export type ClassRow = { id: string; cursoId: string; nombre: string; codigo: string; createdAt: Date };

const classSelect = { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true } as const;

/** The class when it belongs to this course (one unique-index read), else null. */
export async function findClass(cursoId: string | undefined, claseId: string | undefined): Promise<ClassRow | null> {
  if (!isRecordId(cursoId) || !isRecordId(claseId)) return null;
  return prisma.courseClass.findUnique({ where: { id_cursoId: { id: claseId, cursoId } }, select: classSelect });
}

/** A class page's guard: the course's manager (404 'Curso no encontrado' otherwise), then the class. */
export async function requireClassManager(
  args: GuardArgs,
  cursoId: string | undefined,
  claseId: string | undefined,
): Promise<{ user: SessionUser; clase: ClassRow }> {
  const user = await requireCourseManager(args, cursoId);
  const clase = await findClass(cursoId, claseId);
  // A Response, not data(): the CSV resource route throws it too.
  if (!clase) throw new Response(CLASS_NOT_FOUND, { status: 404 });
  return { user, clase };
}

/** The same for the API: 401 / 403 as the course's calls, then 404 JSON for a class not of the course. */
export async function requireApiClassManager(
  args: GuardArgs,
  cursoId: string | undefined,
  claseId: string | undefined,
): Promise<{ user: SessionUser; clase: ClassRow }> {
  const user = await requireApiCourseManager(args, cursoId);
  const clase = await findClass(cursoId, claseId);
  if (!clase) throw new ApiError(404, CLASS_NOT_FOUND);
  return { user, clase };
}

/** An API call that names the class only (/api/clases/{claseId}/…): 404 JSON for no such class, 403 off its team. */
export async function apiClassOfManager(user: SessionUser, claseId: string | undefined): Promise<ClassRow> {
  const clase = isRecordId(claseId)
    ? await prisma.courseClass.findUnique({ where: { id: claseId }, select: classSelect })
    : null;
  if (!clase) throw new ApiError(404, CLASS_NOT_FOUND);
  if (!(await mayManageCourse(user, clase.cursoId))) throw new ApiError(403, NOT_ALLOWED);
  return clase;
}

/** The classes of a course a learner is a member of (their (userId, cursoId) index range). */
export async function memberClassIds(userId: string, cursoId: string): Promise<string[]> {
  const rows = await prisma.classMember.findMany({ where: { userId, cursoId }, select: { claseId: true } });
  return rows.map((r) => r.claseId);
}

/**
 * The names of the classes each learner is in, in each course, for a page of (learner, course)
 * pairs: one read of ClassMember's (userId, cursoId) index. Keyed `${userId} ${cursoId}`, by name.
 */
export async function classNamesOf(pairs: ReadonlyArray<{ userId: string; cursoId: string }>) {
  const names = new Map<string, string[]>();
  if (pairs.length === 0) return names;
  const rows = await prisma.classMember.findMany({
    where: { OR: pairs.map(({ userId, cursoId }) => ({ userId, cursoId })) },
    select: { userId: true, cursoId: true, clase: { select: { nombre: true } } },
  });
  for (const r of rows) {
    const key = `${r.userId} ${r.cursoId}`;
    names.set(key, [...(names.get(key) ?? []), r.clase.nombre].sort());
  }
  return names;
}
