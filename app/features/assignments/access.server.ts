// Who may open a course's tareas and one tarea (docs/decisions/048-tareas.md): the course's team
// always; an enrolled learner once the course is open to learners, and only the tareas that are for
// them (every class, or one of their classes). Everyone else gets what an unknown id gets.
import type { Viewer } from "~/features/courses/rules.ts";
import { memberClassIds } from "~/features/classes/guards.server.ts";
import { courseReadAccess, type CourseHead } from "~/features/enrolment/enrolment.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { isForLearner } from "./rules.ts";
import { TAREA_NOT_FOUND, TAREA_NOT_OPEN, TAREAS_FORBIDDEN } from "./texts.ts";

export type TareaCourse = CourseHead;

export const tareaSelect = {
  id: true,
  cursoId: true,
  moduloId: true,
  titulo: true,
  instrucciones: true,
  fechaLimite: true,
  permiteAtrasadas: true,
  todasLasClases: true,
  calificacion: true,
  rubrica: true,
  columnaId: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type TareaRow = {
  id: string;
  cursoId: string;
  moduloId: string | null;
  titulo: string;
  instrucciones: string;
  fechaLimite: Date | null;
  permiteAtrasadas: boolean;
  todasLasClases: boolean;
  calificacion: string;
  rubrica: string | null;
  columnaId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The course's access for its tareas: the team, or an enrolled learner of an open course. */
export async function courseTareasAccess(
  viewer: Viewer,
  cursoId: string | undefined,
): Promise<Result<{ course: TareaCourse; team: boolean }>> {
  const access = await courseReadAccess(viewer, cursoId, TAREAS_FORBIDDEN, TAREA_NOT_OPEN);
  return access.ok ? ok({ course: access.course, team: access.team }) : access;
}

/** The class ids a tarea is for (empty when it is for every class). */
export async function tareaClassIds(tareaId: string): Promise<string[]> {
  const rows = await prisma.assignmentClass.findMany({ where: { tareaId }, select: { claseId: true } });
  return rows.map((r) => r.claseId);
}

/**
 * One tarea for this viewer: its course's access, and for a learner a tarea that is for them. A
 * tarea of another class reads as unknown (404), as in Google Classroom.
 */
export async function tareaAccess(
  viewer: Viewer,
  tareaId: string | undefined,
): Promise<Result<{ tarea: TareaRow; course: TareaCourse; team: boolean }>> {
  const tarea = isRecordId(tareaId)
    ? await prisma.assignment.findUnique({ where: { id: tareaId }, select: tareaSelect })
    : null;
  if (!tarea) return fail(404, TAREA_NOT_FOUND);
  const access = await courseTareasAccess(viewer, tarea.cursoId);
  if (!access.ok) return access.status === 404 ? fail(404, TAREA_NOT_FOUND) : access;
  const { course, team } = access;
  if (team || !viewer) return ok({ tarea, course, team });
  if (!tarea.todasLasClases) {
    const [forClasses, memberOf] = await Promise.all([
      tareaClassIds(tarea.id),
      memberClassIds(viewer.id, tarea.cursoId),
    ]);
    if (!isForLearner(tarea, forClasses, memberOf)) return fail(404, TAREA_NOT_FOUND);
  }
  return ok({ tarea, course, team });
}
