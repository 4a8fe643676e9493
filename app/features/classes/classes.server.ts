// The classes of a course and joining one with its code (docs/product.md#classes, decision 022).
// Callers have passed the guard (guards.server.ts); these check the data and audit every change.
import { audit } from "~/features/audit/audit.server.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { afterEnrolment, enrolInTransaction } from "~/features/enrolment/enrolment.server.ts";
import { classEnrolmentDecision } from "~/features/enrolment/rules.ts";
import { release, reserve, type Bucket } from "~/features/limits/rate-limits.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { formatClassCode, newClassCode, normaliseClassCode } from "./codes.ts";
import { afterKey } from "./progress.server.ts";
import { isTeacherMade } from "./pupils.server.ts";
import type { ClassRow } from "./guards.server.ts";
import type { ClassSummary } from "./schema.ts";
import {
  alreadyMember,
  CLASS_CREATE_FAILED,
  CLASS_NAME_TAKEN,
  CLASS_NOT_FOUND,
  JOIN_CODE_MALFORMED,
  JOIN_CODE_UNKNOWN,
  JOIN_TOO_MANY,
  joinedClass,
  MEMBER_NOT_FOUND,
} from "./texts.ts";

type Actor = { id: string };

const CLASS_PAGE_SIZE = 50;

const courseExists = async (cursoId: string) =>
  isRecordId(cursoId) && (await prisma.course.count({ where: { id: cursoId } })) > 0;

/** A page of the course's classes by name, each with its number of learners; null for an unknown course. */
export async function listClasses(
  cursoId: string,
  { page = 1, size = CLASS_PAGE_SIZE }: { page?: number; size?: number } = {},
): Promise<{ clases: ClassSummary[]; total: number; page: number; pageCount: number } | null> {
  if (!(await courseExists(cursoId))) return null;
  const total = await prisma.courseClass.count({ where: { cursoId } });
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await prisma.courseClass.findMany({
    where: { cursoId },
    orderBy: { nombre: "asc" },
    skip: (current - 1) * size,
    take: size,
    select: { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true },
  });
  const counts = await memberCounts(rows.map((r) => r.id));
  return { clases: rows.map((r) => summary(r, counts.get(r.id) ?? 0)), total, page: current, pageCount };
}

async function memberCounts(claseIds: string[]): Promise<Map<string, number>> {
  if (claseIds.length === 0) return new Map();
  const groups = await prisma.classMember.groupBy({
    by: ["claseId"],
    where: { claseId: { in: claseIds } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.claseId, g._count._all]));
}

function summary(row: ClassRow, estudiantes: number): ClassSummary {
  return {
    id: row.id,
    cursoId: row.cursoId,
    nombre: row.nombre,
    codigo: formatClassCode(row.codigo),
    estudiantes,
    creadaEn: row.createdAt.toISOString(),
  };
}

/** One class with its number of learners (the class page's heading, the API's answer). */
export async function classSummary(clase: ClassRow): Promise<ClassSummary> {
  const estudiantes = await prisma.classMember.count({ where: { claseId: clase.id } });
  return summary(clase, estudiantes);
}

async function nameTaken(cursoId: string, nombre: string, exceptId?: string): Promise<boolean> {
  const row = await prisma.courseClass.findUnique({
    where: { cursoId_nombre: { cursoId, nombre } },
    select: { id: true },
  });
  return row !== null && row.id !== exceptId;
}

const nameTakenFailure = () => fail(409, CLASS_NAME_TAKEN, { field: "nombre" });

/** How many times a fresh code is drawn again after it collided with another class's (30^8 codes: never twice). */
const CODE_ATTEMPTS = 5;

/** 'Nueva clase': a class with a fresh code (drawn again on a collision); a name taken is a field error. */
export async function createClass(
  actor: Actor,
  cursoId: string,
  nombre: string,
  request: Request | null,
): Promise<Result<{ clase: ClassSummary }>> {
  if (!(await courseExists(cursoId))) return fail(404, COURSE_NOT_FOUND);
  if (await nameTaken(cursoId, nombre)) return nameTakenFailure();
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    try {
      const row = await prisma.courseClass.create({
        data: { cursoId, nombre, codigo: newClassCode(), createdById: actor.id },
        select: { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true },
      });
      await audit(request, "class.create", {
        actorId: actor.id,
        targetType: "class",
        targetId: row.id,
        detail: nombre,
      });
      return ok({ clase: summary(row, 0) });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Which unique index: the name (someone created it a moment ago) or the code (draw again).
      if (await nameTaken(cursoId, nombre)) return nameTakenFailure();
    }
  }
  return fail(500, CLASS_CREATE_FAILED);
}

/** 'Guardar nombre': the class's new name, unique in its course. */
export async function renameClass(actor: Actor, clase: ClassRow, nombre: string, request: Request | null) {
  if (nombre === clase.nombre) return ok();
  if (await nameTaken(clase.cursoId, nombre, clase.id)) return nameTakenFailure();
  try {
    await prisma.courseClass.update({ where: { id: clase.id }, data: { nombre } });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTakenFailure();
    throw error;
  }
  await audit(request, "class.rename", {
    actorId: actor.id,
    targetType: "class",
    targetId: clase.id,
    detail: `${clase.nombre} → ${nombre}`,
  });
  return ok();
}

/** 'Generar otro código': the old code stops working at once; members stay. */
export async function resetClassCode(actor: Actor, clase: ClassRow, request: Request | null): Promise<Result> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    try {
      await prisma.courseClass.update({ where: { id: clase.id }, data: { codigo: newClassCode() } });
      await audit(request, "class.code-reset", { actorId: actor.id, targetType: "class", targetId: clase.id });
      return ok();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return fail(500, CLASS_CREATE_FAILED);
}

/** 'Eliminar clase': the class and its members go (cascade); each learner stays enrolled in the course. */
export async function deleteClass(actor: Actor, clase: ClassRow, request: Request | null): Promise<Result> {
  const members = await prisma.classMember.count({ where: { claseId: clase.id } });
  const { count } = await prisma.courseClass.deleteMany({ where: { id: clase.id, cursoId: clase.cursoId } });
  if (count === 0) return fail(404, CLASS_NOT_FOUND);
  await audit(request, "class.delete", {
    actorId: actor.id,
    targetType: "course",
    targetId: clase.cursoId,
    detail: `${clase.nombre} (${clase.id}; ${members} estudiantes)`,
  });
  return ok();
}

export const MEMBER_PAGE_SIZE = 50;

export type ClassMemberView = {
  userId: string;
  nombre: string;
  /** The address, or for an account without e-mail its usuario (mail/no-email.ts). */
  correo: string;
  /** Whether a teacher made the account for a class: a new password or card may be made for it. */
  porDocente: boolean;
  desde: Date;
  /** Who added them (an import); null when they joined with the code. */
  agregadoPor: string | null;
};

/**
 * A page of the class's learners in name order (apellido, nombre, account id): a keyset range of
 * the class's index. `desde`/`antes`: the page after/before this learner (by account id).
 */
export async function listClassMembers(
  claseId: string,
  cursor: { desde: string } | { antes: string } | null,
  size = MEMBER_PAGE_SIZE,
): Promise<{ members: ClassMemberView[]; total: number; hasNext: boolean; hasPrev: boolean }> {
  const backwards = cursor !== null && "antes" in cursor;
  const from = cursor
    ? await prisma.classMember.findUnique({
        where: { claseId_userId: { claseId, userId: "desde" in cursor ? cursor.desde : cursor.antes } },
        select: { apellido: true, nombre: true, userId: true },
      })
    : null;
  // A learner no longer in the class (removed meanwhile): the list starts again from the top.
  const dir = backwards && from ? "desc" : "asc";
  const where = { claseId, ...(from ? afterKey(from, dir === "asc" ? "gt" : "lt") : {}) };
  const [total, rows] = await Promise.all([
    prisma.classMember.count({ where: { claseId } }),
    prisma.classMember.findMany({
      where,
      orderBy: [{ apellido: dir }, { nombre: dir }, { userId: dir }],
      take: size + 1,
      select: {
        userId: true,
        createdAt: true,
        nombre: true,
        apellido: true,
        enrolment: {
          select: { user: { select: { correo: true, rol: true, creadoPorId: true, creadoParaClaseId: true } } },
        },
        addedBy: { select: { nombre: true, apellido: true } },
      },
    }),
  ]);
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (dir === "desc") page.reverse();
  const members = page.map((r) => ({
    userId: r.userId,
    nombre: `${r.nombre} ${r.apellido}`.trim(),
    correo: shownAddress(r.enrolment.user.correo),
    porDocente: isTeacherMade(r.enrolment.user),
    desde: r.createdAt,
    agregadoPor: r.addedBy ? `${r.addedBy.nombre} ${r.addedBy.apellido}`.trim() : null,
  }));
  return {
    members,
    total,
    hasNext: dir === "desc" ? true : more,
    hasPrev: dir === "desc" ? more : from !== null,
  };
}

/** 'Quitar de la clase': the learner leaves the class and stays enrolled in the course. */
export async function removeMember(
  actor: Actor,
  clase: ClassRow,
  userId: string,
  request: Request | null,
): Promise<Result> {
  const { count } = await prisma.classMember.deleteMany({ where: { claseId: clase.id, userId } });
  if (count === 0) return fail(404, MEMBER_NOT_FOUND);
  // About the learner's account: it shows in their 'Descargar mis datos' (what, when).
  await audit(request, "class.member-remove", {
    actorId: actor.id,
    targetType: "user",
    targetId: userId,
    detail: `${clase.nombre} (${clase.id})`,
  });
  return ok();
}

/**
 * In the caller's transaction: the person's enrolment if new (true) and their class row; null when
 * already in the class.
 */
export async function addToClass(
  tx: Prisma.TransactionClient,
  userId: string,
  claseId: string,
  cursoId: string,
  addedById: string | null = null,
): Promise<boolean | null> {
  const member = await tx.classMember.findUnique({
    where: { claseId_userId: { claseId, userId } },
    select: { userId: true },
  });
  if (member) return null;
  const enrolled = await enrolInTransaction(tx, userId, cursoId);
  await tx.classMember.create({ data: { claseId, cursoId, userId, addedById } });
  return enrolled;
}

export type JoinOutcome = {
  message: string;
  clase: { id: string; nombre: string };
  curso: { id: string; titulo: string };
  inscripcionNueva: boolean;
};

/** 'Unirme a una clase': the code as typed, the enrolment rule; only wrong codes spend the account's budget. */
export async function joinClass(
  user: NonNullable<Viewer>,
  typed: string,
  request: Request | null,
): Promise<Result<JoinOutcome>> {
  const codigo = normaliseClassCode(typed);
  if (!codigo) return fail(400, JOIN_CODE_MALFORMED, { field: "codigo" });
  const bucket: Bucket[] = [["classCodeUser", user.id]];
  const gate = await reserve(bucket, JOIN_TOO_MANY);
  if (!gate.ok) return { ...gate, field: "codigo" };
  const clase = await prisma.courseClass.findUnique({
    where: { codigo },
    select: {
      id: true,
      nombre: true,
      curso: { select: { id: true, titulo: true, estado: true, dirigidoA: true, visibilidad: true } },
    },
  });
  if (!clase) return fail(404, JOIN_CODE_UNKNOWN, { field: "codigo" });
  await release(bucket);
  const { curso } = clase;
  const decision = classEnrolmentDecision(user, curso);
  if (!decision.ok) return { ...decision, field: "codigo" };
  const names = { clase: { id: clase.id, nombre: clase.nombre }, curso: { id: curso.id, titulo: curso.titulo } };
  let inscripcionNueva: boolean | null;
  try {
    inscripcionNueva = await prisma.$transaction((tx) => addToClass(tx, user.id, clase.id, curso.id));
  } catch (error) {
    // Two taps at once: the primary key keeps one row; the second is "already a member".
    if (!isUniqueViolation(error)) throw error;
    inscripcionNueva = null;
  }
  if (inscripcionNueva === null) {
    return fail(409, alreadyMember(clase.nombre, curso.titulo), { field: "codigo", reason: "already-member" });
  }
  if (inscripcionNueva) await afterEnrolment(user.id, curso.id);
  await audit(request, "class.join", {
    actorId: user.id,
    targetType: "class",
    targetId: clase.id,
    detail: inscripcionNueva ? `${curso.id} (inscripción nueva)` : curso.id,
  });
  return ok({ message: joinedClass(clase.nombre, curso.titulo), ...names, inscripcionNueva });
}
