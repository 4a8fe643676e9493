// The class at a glance and its grades (docs/product.md#classes, decision 024), for the page, the
// API and notas.csv. A page is a fixed number of queries at any size: the members are read from
// the class's own rows (the triggers keep copies of name and progress) along an index per order.
import { fullName } from "~/features/accounts/roles.ts";
import { averageNota, formatNota, nota } from "~/features/quizzes/nota.ts";
import { byPairKey, grades, quizModules, type Grade, type QuizModule } from "~/features/reports/reports.server.ts";
import { formatRut } from "~/features/accounts/rut.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { CsvCell } from "~/lib/csv.server.ts";
import { prisma } from "~/lib/db.server.ts";
import type { ClassRow } from "./guards.server.ts";
import type { ClassProgress, ProgressQuery } from "./progress-schema.ts";
import { INACTIVE_DAYS, type ProgressFlag } from "./progress-texts.ts";

const PROGRESS_PAGE_SIZE = 50;
/**
 * Activity this close to the enrolment is the enrolment's own write (its default, or the progress
 * recomputed as one enrols): the learner did nothing yet, 'Sin actividad' (docs/decisions/042-the-teachers-day.md).
 */
const ENROLMENT_SETTLE_MS = 60_000;
export const PROGRESS_API_PAGE_SIZE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant from which no activity makes a learner 'Inactivo': exactly 14 days ago is inactive. */
function inactiveSince(now: Date): Date {
  return new Date(now.getTime() - INACTIVE_DAYS * DAY_MS);
}

type MemberWhere = Prisma.ClassMemberWhereInput;

/** Each flag as a condition on the member's row: the list's filter (flagsOf is the same rule; a test checks). */
function flagWhere(flag: ProgressFlag, cursoId: string, now: Date): MemberWhere {
  switch (flag) {
    case "sin-comenzar":
      // No attempt in the course: none in the learner's (userId, cursoId) index range.
      return { progreso: 0, enrolment: { user: { attempts: { none: { cursoId } } } } };
    case "atascado":
      return { atascado: true };
    case "inactivo":
      return { progreso: { lt: 100 }, ultimaActividadEn: { lte: inactiveSince(now) } };
    case "finalizado":
      return { progreso: { gte: 100 } };
  }
}

type FlagFacts = { progreso: number; intentos: number; atascado: boolean; ultimaActividadEn: Date };

/** The flags of one learner of a class, in the order of PROGRESS_FLAGS. */
export function flagsOf(row: FlagFacts, now: Date): ProgressFlag[] {
  const flags: ProgressFlag[] = [];
  if (row.intentos === 0 && row.progreso === 0) flags.push("sin-comenzar");
  if (row.atascado) flags.push("atascado");
  if (row.progreso < 100 && row.ultimaActividadEn.getTime() <= inactiveSince(now).getTime()) flags.push("inactivo");
  if (row.progreso >= 100) flags.push("finalizado");
  return flags;
}

/** The list's order, each one of ClassMember's indexes: by name, or by progress or activity (ties by name). */
function orderBy(query: ProgressQuery): Prisma.ClassMemberOrderByWithRelationInput[] {
  const { dir } = query;
  switch (query.orden) {
    case "nombre":
      return [{ apellido: dir }, { nombre: dir }, { userId: dir }];
    case "progreso":
      return [{ progreso: dir }, ...byNameAsc()];
    case "actividad":
      return [{ ultimaActividadEn: dir }, ...byNameAsc()];
  }
}

/** Alphabetical, then by account id: ties of progress or activity, and the CSV's keyset. */
function byNameAsc(): Prisma.ClassMemberOrderByWithRelationInput[] {
  return [{ apellido: "asc" }, { nombre: "asc" }, { userId: "asc" }];
}

const memberSelect = {
  userId: true,
  progreso: true,
  atascado: true,
  ultimaActividadEn: true,
  nombre: true,
  apellido: true,
} as const;

/** One learner's row of the page from their member row, their enrolment's date and their attempts. */
function progressRow(
  member: Omit<FlagFacts, "intentos"> & { userId: string; nombre: string; apellido: string },
  enrolledAt: Date | undefined,
  modules: QuizModule[],
  own: Grade[],
  all: Map<string, Grade>,
  now: Date,
): ClassProgress["estudiantes"][number] {
  const cells = modules.map((m) => {
    const g = all.get(`${member.userId} ${m.id}`);
    return {
      moduloId: m.id,
      mejorPorcentaje: g?.mejor ?? null,
      intentos: g?.intentos ?? 0,
      aprobado: g?.aprobado ?? false,
    };
  });
  const intentos = own.reduce((sum, g) => sum + g.intentos, 0);
  const never =
    intentos === 0 &&
    enrolledAt !== undefined &&
    member.ultimaActividadEn.getTime() - enrolledAt.getTime() < ENROLMENT_SETTLE_MS;
  return {
    id: member.userId,
    nombre: fullName(member.nombre, member.apellido),
    progreso: member.progreso,
    modulosAprobados: cells.filter((c) => c.aprobado).length,
    modulos: cells,
    intentos,
    ultimaActividad: never ? null : member.ultimaActividadEn.toISOString(),
    marcas: flagsOf({ ...member, intentos }, now),
  };
}

/** One page of a class's learners with their progress and flags (the page and the API). */
export async function getClassProgress(
  clase: ClassRow,
  query: ProgressQuery,
  { size = PROGRESS_PAGE_SIZE, now = new Date() }: { size?: number; now?: Date } = {},
): Promise<ClassProgress> {
  const where: Prisma.ClassMemberWhereInput = {
    claseId: clase.id,
    ...(query.marca ? flagWhere(query.marca, clase.cursoId, now) : {}),
  };
  const [course, modules, total] = await Promise.all([
    prisma.course.findUniqueOrThrow({ where: { id: clase.cursoId }, select: { id: true, titulo: true } }),
    quizModules(clase.cursoId),
    prisma.classMember.count({ where }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, query.page), pageCount);
  // OFFSET within the class's members, along the order's index: a later page skips entries.
  const members = await prisma.classMember.findMany({
    where,
    orderBy: orderBy(query),
    skip: (page - 1) * size,
    take: size,
    select: memberSelect,
  });
  const ids = members.map((m) => m.userId);
  const [attempts, enrolments] = await Promise.all([
    grades(clase.cursoId, ids),
    // Their enrolments' dates, on the (userId, cursoId) key: 'Sin actividad' is nothing done since.
    prisma.enrolment.findMany({
      where: { cursoId: clase.cursoId, userId: { in: ids } },
      select: { userId: true, registradoEn: true },
    }),
  ]);
  const enrolledAt = new Map(enrolments.map((e) => [e.userId, e.registradoEn]));
  const all = byPairKey(attempts);
  const byUser = new Map<string, Grade[]>();
  for (const g of attempts) byUser.set(g.userId, [...(byUser.get(g.userId) ?? []), g]);
  return {
    curso: course,
    clase: { id: clase.id, nombre: clase.nombre, codigo: clase.codigo },
    modulos: modules,
    estudiantes: members.map((m) =>
      progressRow(m, enrolledAt.get(m.userId), modules, byUser.get(m.userId) ?? [], all, now),
    ),
    orden: query.orden,
    dir: query.dir,
    marca: query.marca,
    total,
    page,
    pageCount,
  };
}

/** How many learners a batch of the CSV reads. */
const CSV_BATCH = 500;

/**
 * notas.csv: one row per learner by name, RUT when known, each quiz module's nota (blank without
 * attempts) and the final one once every module has one (decision 024); in keyset batches of 500.
 */
export async function classGradesCsv(clase: ClassRow) {
  const [course, modules] = await Promise.all([
    prisma.course.findUniqueOrThrow({
      where: { id: clase.cursoId },
      select: { id: true, titulo: true, exigencia: true },
    }),
    quizModules(clase.cursoId),
  ]);
  const header = [
    "RUT",
    "Apellido",
    "Nombre",
    ...modules.map((m) => `Módulo ${m.posicion + 1}: ${m.titulo}`),
    "Nota final",
  ];
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let after: { apellido: string; nombre: string; userId: string } | null = null;
    for (;;) {
      // The batch in name order from the class's own rows, then the RUTs by account id.
      const keys: Array<{ userId: string; apellido: string; nombre: string }> = await prisma.classMember.findMany({
        where: { claseId: clase.id, ...(after ? afterKey(after) : {}) },
        orderBy: byNameAsc(),
        take: CSV_BATCH,
        select: { userId: true, apellido: true, nombre: true },
      });
      if (keys.length === 0) return;
      const ruts = new Map(
        (
          await prisma.user.findMany({
            where: { id: { in: keys.map((k) => k.userId) } },
            select: { id: true, rut: true },
          })
        ).map((u) => [u.id, u.rut]),
      );
      const members = keys.map((k) => ({
        userId: k.userId,
        user: { rut: ruts.get(k.userId) ?? null, apellido: k.apellido, nombre: k.nombre },
      }));

      const all = modules.length
        ? byPairKey(
            await grades(
              clase.cursoId,
              members.map((m) => m.userId),
            ),
          )
        : new Map<string, Grade>();
      yield members.map((m) => {
        const notas = modules.map((mod) => {
          const g = all.get(`${m.userId} ${mod.id}`);
          return g ? nota(g.mejor, course.exigencia) : null;
        });
        const complete = notas.length > 0 && notas.every((n) => n !== null);
        const final = complete ? averageNota(notas as number[]) : null;
        return [
          m.user.rut ? formatRut(m.user.rut) : "",
          m.user.apellido,
          m.user.nombre,
          ...notas.map((n) => (n === null ? "" : formatNota(n))),
          final === null ? "" : formatNota(final),
        ];
      });
      if (members.length < CSV_BATCH) return;
      const last = members.at(-1)!;
      after = { apellido: last.user.apellido, nombre: last.user.nombre, userId: last.userId };
    }
  }
  return { course, header, batches: batches() };
}

/** The members after (`gt`) or before (`lt`) a key of (apellido, nombre, userId), in that order. */
export function afterKey(
  key: { apellido: string; nombre: string; userId: string },
  beyond: "gt" | "lt" = "gt",
): Prisma.ClassMemberWhereInput {
  return {
    OR: [
      { apellido: { [beyond]: key.apellido } },
      { apellido: key.apellido, nombre: { [beyond]: key.nombre } },
      { apellido: key.apellido, nombre: key.nombre, userId: { [beyond]: key.userId } },
    ],
  };
}
