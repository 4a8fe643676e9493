// The manual columns of a course's gradebook and their notas (docs/decisions/044-manual-grade-columns.md),
// for the gradebook page and the API. Callers have passed the course's team guard; these check the
// data (the course, the column is the course's, the learner is enrolled) and audit every change.
import { audit, auditMany } from "~/features/audit/audit.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formatNota } from "~/features/quizzes/nota.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import type { GradeColumn, ManualGrade } from "./grade-columns-schema.ts";
import {
  COLUMN_IS_TAREA,
  COLUMN_NAME_TAKEN,
  COLUMN_OF_TAREA,
  COLUMN_NOT_FOUND,
  LEARNER_NOT_ENROLLED,
} from "./texts.ts";

type Actor = { id: string };
type ColumnRow = {
  id: string;
  cursoId: string;
  nombre: string;
  posicion: number;
  tipo: string;
  createdAt: Date;
  tarea: { id: string } | null;
};

const COLUMN_SELECT = {
  id: true,
  cursoId: true,
  nombre: true,
  posicion: true,
  tipo: true,
  createdAt: true,
  tarea: { select: { id: true } },
} as const;

const GRADE_SELECT = { columnaId: true, userId: true, nota: true, comentario: true, updatedAt: true } as const;

const gradeJson = (row: { columnaId: string; userId: string; nota: number; comentario: string; updatedAt: Date }) => ({
  columnaId: row.columnaId,
  userId: row.userId,
  nota: row.nota / 10,
  comentario: row.comentario,
  actualizadaEn: row.updatedAt.toISOString(),
});

const columnJson = (row: ColumnRow): GradeColumn => ({
  id: row.id,
  cursoId: row.cursoId,
  nombre: row.nombre,
  posicion: row.posicion,
  tipo: row.tipo === "tarea" ? "tarea" : "manual",
  tareaId: row.tarea?.id ?? null,
  creadaEn: row.createdAt.toISOString(),
});

async function courseExists(cursoId: string) {
  return isRecordId(cursoId) && (await prisma.course.count({ where: { id: cursoId } })) > 0;
}

/** The course's manual columns in order (the gradebook, its CSV, the API). */
export async function courseColumns(cursoId: string): Promise<GradeColumn[]> {
  const rows = await prisma.gradeColumn.findMany({
    where: { cursoId },
    orderBy: [{ posicion: "asc" }, { id: "asc" }],
    select: COLUMN_SELECT,
  });
  return rows.map(columnJson);
}

/** GET …/columnas: null for an unknown course. */
export async function listColumns(cursoId: string): Promise<GradeColumn[] | null> {
  return (await courseExists(cursoId)) ? courseColumns(cursoId) : null;
}

/** These learners' notas in these columns, by "userId columnaId": one statement. */
export async function manualGradesOf(columnIds: string[], userIds: string[]) {
  if (columnIds.length === 0 || userIds.length === 0) return new Map<string, ManualGrade>();
  const rows = await prisma.manualGrade.findMany({
    where: { columnaId: { in: columnIds }, userId: { in: userIds } },
    select: GRADE_SELECT,
  });
  return new Map(rows.map((r) => [`${r.userId} ${r.columnaId}`, gradeJson(r)]));
}

/** The gradebook's weight of the quiz modules (whole %), or null for a plain average. */
export async function gradebookWeight(cursoId: string): Promise<number | null> {
  const row = await prisma.gradebookWeight.findUnique({ where: { cursoId }, select: { evaluaciones: true } });
  return row?.evaluaciones ?? null;
}

/** GET …/ponderacion: the weight, or undefined for an unknown course. */
export async function courseWeight(cursoId: string): Promise<number | null | undefined> {
  return (await courseExists(cursoId)) ? gradebookWeight(cursoId) : undefined;
}

/** 'Ponderación': the quiz modules' weight (0–100, the manual columns the rest), or null for a plain average. */
export async function setGradebookWeight(
  actor: Actor,
  cursoId: string,
  evaluaciones: number | null,
  request: Request | null,
) {
  if (!(await courseExists(cursoId))) return fail(404, COURSE_NOT_FOUND);
  if (evaluaciones === null) await prisma.gradebookWeight.deleteMany({ where: { cursoId } });
  else {
    await prisma.gradebookWeight.upsert({
      where: { cursoId },
      create: { cursoId, evaluaciones },
      update: { evaluaciones },
    });
  }
  await audit(request, "grades.weights", {
    actorId: actor.id,
    targetType: "course",
    targetId: cursoId,
    detail:
      evaluaciones === null ? "promedio simple" : `evaluaciones ${evaluaciones} %, otras notas ${100 - evaluaciones} %`,
  });
  return ok();
}

/** A manual column of the course: a tarea's is renamed, graded and deleted with its tarea only. */
async function columnOf(cursoId: string, columnaId: string): Promise<ColumnRow | null> {
  if (!isRecordId(columnaId)) return null;
  return prisma.gradeColumn.findFirst({
    where: { id: columnaId, cursoId },
    select: COLUMN_SELECT,
  });
}

const nameTaken = () => fail(409, COLUMN_NAME_TAKEN, { field: "nombre" });

/** 'Nueva columna': after the course's last one. */
export async function createColumn(
  actor: Actor,
  cursoId: string,
  nombre: string,
  request: Request | null,
): Promise<Result<{ columna: GradeColumn }>> {
  if (!(await courseExists(cursoId))) return fail(404, COURSE_NOT_FOUND);
  const last = await prisma.gradeColumn.findFirst({
    where: { cursoId },
    orderBy: { posicion: "desc" },
    select: { posicion: true },
  });
  try {
    const row = await prisma.gradeColumn.create({
      data: { cursoId, nombre, posicion: (last?.posicion ?? -1) + 1 },
      select: COLUMN_SELECT,
    });
    await audit(request, "grades.column-create", {
      actorId: actor.id,
      targetType: "gradeColumn",
      targetId: row.id,
      detail: nombre,
    });
    return ok({ columna: columnJson(row) });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken();
    throw error;
  }
}

/** 'Cambiar nombre' of a column. */
export async function renameColumn(
  actor: Actor,
  cursoId: string,
  columnaId: string,
  nombre: string,
  request: Request | null,
): Promise<Result<{ columna: GradeColumn }>> {
  const column = await columnOf(cursoId, columnaId);
  if (!column) return fail(404, COLUMN_NOT_FOUND);
  // A tarea's column is renamed and deleted with its tarea (docs/decisions/048-tareas.md).
  if (column.tipo === "tarea") return fail(409, COLUMN_OF_TAREA);
  if (column.nombre === nombre) return ok({ columna: columnJson(column) });
  try {
    const row = await prisma.gradeColumn.update({ where: { id: column.id }, data: { nombre }, select: COLUMN_SELECT });
    await audit(request, "grades.column-rename", {
      actorId: actor.id,
      targetType: "gradeColumn",
      targetId: row.id,
      detail: `${column.nombre} → ${nombre}`,
    });
    return ok({ columna: columnJson(row) });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken();
    throw error;
  }
}

/** 'Eliminar columna': with its notas (the foreign key cascades). */
export async function deleteColumn(actor: Actor, cursoId: string, columnaId: string, request: Request | null) {
  const column = await columnOf(cursoId, columnaId);
  if (!column) return fail(404, COLUMN_NOT_FOUND);
  if (column.tipo === "tarea") return fail(409, COLUMN_OF_TAREA);
  await prisma.gradeColumn.delete({ where: { id: column.id } });
  await audit(request, "grades.column-delete", {
    actorId: actor.id,
    targetType: "gradeColumn",
    targetId: column.id,
    detail: column.nombre,
  });
  return ok();
}

// A tarea's column (docs/decisions/048-tareas.md): made, renamed and deleted with its tarea, in the
// tarea's own transaction (the caller audits the tarea).

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** A name no other column of the course has: the tarea's title, else "title (2)", "(3)"… */
async function freeColumnName(tx: Tx, cursoId: string, titulo: string, except?: string) {
  const base = titulo.length > 60 ? `${titulo.slice(0, 59).trimEnd()}…` : titulo;
  const rows = await tx.gradeColumn.findMany({
    where: { cursoId, nombre: { startsWith: base }, ...(except ? { id: { not: except } } : {}) },
    select: { nombre: true },
  });
  const taken = new Set(rows.map((r) => r.nombre));
  let nombre = base;
  for (let n = 2; taken.has(nombre); n++) nombre = `${base} (${n})`;
  return nombre;
}

/** A new tarea's column, after the course's last one; its id. */
export async function createTareaColumn(tx: Tx, cursoId: string, titulo: string): Promise<string> {
  const last = await tx.gradeColumn.findFirst({
    where: { cursoId },
    orderBy: { posicion: "desc" },
    select: { posicion: true },
  });
  const nombre = await freeColumnName(tx, cursoId, titulo);
  const row = await tx.gradeColumn.create({
    data: { cursoId, nombre, posicion: (last?.posicion ?? -1) + 1, tipo: "tarea" },
    select: { id: true },
  });
  return row.id;
}

/** A renamed tarea's column takes its new title (or a free name like it). */
export async function renameTareaColumn(tx: Tx, columnaId: string, titulo: string): Promise<void> {
  const column = await tx.gradeColumn.findUnique({ where: { id: columnaId }, select: { cursoId: true, nombre: true } });
  if (!column) return;
  const nombre = await freeColumnName(tx, column.cursoId, titulo, columnaId);
  if (nombre !== column.nombre) await tx.gradeColumn.update({ where: { id: columnaId }, data: { nombre } });
}

/** A deleted tarea's column, with its notas (the foreign key cascades). */
export async function deleteTareaColumn(tx: Tx, columnaId: string): Promise<void> {
  await tx.gradeColumn.deleteMany({ where: { id: columnaId, tipo: "tarea" } });
}

/** A learner's nota to write (tenths) or, null, to remove. */
export type GradeWrite = { userId: string; nota: number | null; comentario: string };

/**
 * Writes several learners' notas in one column, in one transaction with their audit records
 * (the page's form for a column; the API's PUT writes one). Every learner must be enrolled in the
 * course: otherwise nothing is written. `via` (an import) is said in each audit row, with one
 * `grades.import` row for the whole of it.
 */
export async function writeGrades(
  actor: Actor,
  cursoId: string,
  columnaId: string,
  writes: GradeWrite[],
  request: Request | null,
  via?: string,
): Promise<Result<{ notas: ManualGrade[] }>> {
  const column = await columnOf(cursoId, columnaId);
  if (!column) return fail(404, COLUMN_NOT_FOUND);
  if (column.tipo === "tarea") return fail(409, COLUMN_IS_TAREA);
  const ids = [...new Set(writes.map((w) => w.userId))];
  const enrolled = ids.every(isRecordId)
    ? await prisma.enrolment.count({ where: { cursoId, userId: { in: ids } } })
    : -1;
  if (enrolled !== ids.length) return fail(404, LEARNER_NOT_ENROLLED);
  // What is there already: a row the form sends back unchanged is neither written nor audited.
  const before = await manualGradesOf([column.id], ids);
  const unchanged: ManualGrade[] = [];
  const changed = writes.filter((w) => {
    const old = before.get(`${w.userId} ${column.id}`);
    if (w.nota === null) return old !== undefined;
    const same = old && Math.round(old.nota * 10) === w.nota && old.comentario === w.comentario;
    if (same) unchanged.push(old);
    return !same;
  });
  const notas = await prisma.$transaction(async (tx) => {
    const saved: ManualGrade[] = [...unchanged];
    for (const w of changed) {
      const key = { columnaId_userId: { columnaId: column.id, userId: w.userId } };
      if (w.nota === null) {
        await tx.manualGrade.deleteMany({ where: key.columnaId_userId });
        continue;
      }
      const data = { nota: w.nota, comentario: w.comentario, updatedById: actor.id };
      const row = await tx.manualGrade.upsert({
        where: key,
        create: { columnaId: column.id, userId: w.userId, ...data },
        update: data,
        select: GRADE_SELECT,
      });
      saved.push(gradeJson(row));
    }
    await auditMany(
      request,
      "grades.set",
      changed.map((w) => ({
        actorId: actor.id,
        targetType: "user",
        targetId: w.userId,
        detail: `${column.nombre}: ${w.nota === null ? "sin nota" : formatNota(w.nota / 10)}${via ? ` (${via})` : ""}`,
      })),
      tx,
    );
    if (via) {
      const detail = `${column.nombre}: ${changed.length} ${changed.length === 1 ? "nota" : "notas"} (${via})`;
      const entry = { actorId: actor.id, targetType: "gradeColumn", targetId: column.id, detail };
      await auditMany(request, "grades.import", [entry], tx);
    }
    return saved;
  });
  return ok({ notas });
}

/**
 * A tarea's returned nota (tenths) in its column (docs/decisions/048-tareas.md), in the caller's
 * transaction (the return and its audit row): the only way a 'tarea' column's notas are written.
 * False when the column is not this course's tarea column (nothing written).
 */
export async function writeTareaGrade(
  tx: Prisma.TransactionClient,
  actor: Actor,
  { cursoId, columnaId, userId, nota }: { cursoId: string; columnaId: string; userId: string; nota: number },
): Promise<boolean> {
  const column = await tx.gradeColumn.findFirst({
    where: { id: columnaId, cursoId, tipo: "tarea" },
    select: { id: true },
  });
  if (!column) return false;
  const data = { nota, comentario: "", updatedById: actor.id };
  await tx.manualGrade.upsert({
    where: { columnaId_userId: { columnaId, userId } },
    create: { columnaId, userId, ...data },
    update: data,
  });
  return true;
}
