// Returning hand-ins (docs/product.md#returning-a-hand-in, docs/decisions/048-tareas.md): a
// teacher's queue across her courses ('Para revisar'), a tarea's class view, one hand-in's review
// ('Guardar', 'Devolver', 'Reabrir'). The pages and the API call these; every write is one
// transaction with its audit row, and a return writes the tarea's gradebook column in it.
import { auditMany } from "~/features/audit/audit.server.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { teachingCourseIds } from "~/features/courses/team.server.ts";
import { classNamesOf } from "~/features/classes/guards.server.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import { sendMessageToMany } from "~/features/messages/messages.server.ts";
import { notify } from "~/features/notifications/notify.server.ts";
import { writeTareaGrade } from "~/features/reports/grade-columns.server.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { countsOf, prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { keysetCursors, rowsInOrder, type Cursor } from "~/lib/keyset.ts";
import { tareaAccess, tareaClassIds, type TareaCourse, type TareaRow } from "./access.server.ts";
import type { QueueItem, ReviewAnswer, ReviewInput } from "./review-schema.ts";
import {
  REVIEW_ALREADY_RETURNED,
  REVIEW_CHANGED,
  REVIEW_FORBIDDEN,
  REVIEW_LEVELS_NEEDED,
  REVIEW_NOBODY_MISSING,
  REVIEW_NOT_HANDED_IN,
  REVIEW_NOT_RETURNED,
  REVIEW_NOTA_NEEDED,
  reopenedNotice,
  returnedNotice,
} from "./review-texts.ts";
import { readRubric, rubricNota, type Rubric } from "./rubric.ts";
import { shownState, type ShownState } from "./rules.ts";
import { ENTREGA_NOT_FOUND } from "./texts.ts";

type Actor = NonNullable<Viewer>;

const QUEUE_PAGE_SIZE = 20;
const CLASS_VIEW_PAGE_SIZE = 50;
/** Courses per compound statement of the queue: well under SQLite's compound-select limit (a test's `chunk`: fewer). */
const QUEUE_CHUNK = 100;
/** What the panel's count says at most ("99+"). */
const COUNT_CAP = 99;

/** The review page of a hand-in. */
const reviewPath = (s: { id: string; cursoId: string; tareaId: string }) =>
  `/docente/cursos/${s.cursoId}/tareas/${s.tareaId}/entregas/${s.id}`;
/** A hand-in's file, as part 2 of the tareas serves it to its author and the team. */
const submissionFilePath = (s: { id: string; cursoId: string; tareaId: string }, archivoId: string) =>
  `/cursos/${s.cursoId}/tareas/${s.tareaId}/entregas/${s.id}/archivos/${archivoId}`;

/** A name as lists show it: apellido first, as the gradebook and the classes do. */
const fullName = (u: { nombre: string; apellido: string }) =>
  [u.apellido, u.nombre].filter(Boolean).join(", ") || "Sin nombre";

/** The keyset range of the queue (entregadaEn ASC, id ASC) after or before a cursor, written out in SQL. */
function queueKeyset(cursor: Cursor | null) {
  const asc = Prisma.sql`"entregadaEn" ASC, "id" ASC`;
  if (!cursor) return { where: Prisma.sql`1 = 1`, order: asc, backwards: false };
  if ("desde" in cursor) {
    const { createdAt: at, id } = cursor.desde;
    return {
      where: Prisma.sql`(s."entregadaEn" > ${at} OR (s."entregadaEn" = ${at} AND s."id" > ${id}))`,
      order: asc,
      backwards: false,
    };
  }
  const { createdAt: at, id } = cursor.antes;
  return {
    where: Prisma.sql`(s."entregadaEn" < ${at} OR (s."entregadaEn" = ${at} AND s."id" < ${id}))`,
    order: Prisma.sql`"entregadaEn" DESC, "id" DESC`,
    backwards: true,
  };
}

/**
 * The page's ids among these courses: each course's range of Submission(cursoId, estado,
 * entregadaEn, id) from the cursor, at most `take` entries, merged in one compound statement: its
 * cost follows the page and the number of courses, never the number of hand-ins waiting.
 */
async function queueIds(cursoIds: string[], keyset: ReturnType<typeof queueKeyset>, take: number, claseId?: string) {
  const member = claseId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "ClassMember" m WHERE m."claseId" = ${claseId} AND m."userId" = s."userId")`
    : Prisma.empty;
  const parts = cursoIds.map(
    (cursoId) => Prisma.sql`SELECT * FROM (SELECT s."id", s."entregadaEn" FROM "Submission" s
      WHERE s."cursoId" = ${cursoId} AND s."estado" = 'entregada' AND ${keyset.where} ${member}
      ORDER BY ${keyset.order} LIMIT ${take}) AS p`,
  );
  return prisma.$queryRaw<Array<{ id: string }>>`SELECT u."id" FROM (${Prisma.join(parts, " UNION ALL ")}) AS u
    ORDER BY ${keyset.order} LIMIT ${take}`;
}

const queueSelect = {
  id: true,
  tareaId: true,
  cursoId: true,
  userId: true,
  entregadaEn: true,
  atrasada: true,
  tarea: { select: { titulo: true, curso: { select: { titulo: true } } } },
  user: { select: { nombre: true, apellido: true } },
} as const;

/** The classes a queue's filter offers: those of the teacher's courses, by course. */
export type QueueClass = { id: string; nombre: string; cursoId: string; curso: string };

/**
 * 'Para revisar': the hand-ins waiting ('entregada') in the courses whose team lists the viewer
 * (an admin: the courses they are on the team of, not every course), oldest first, a page from a
 * cursor; `claseId` keeps one class's learners (a class of one of those courses, else 404).
 */
export async function listQueue(
  viewer: Actor,
  { cursor, claseId, chunk = QUEUE_CHUNK }: { cursor: Cursor | null; claseId?: string | null; chunk?: number },
  size = QUEUE_PAGE_SIZE,
): Promise<Result<{ entregas: QueueItem[]; cursors: { prev: string | null; next: string | null } }>> {
  let cursoIds = await teachingCourseIds(viewer.id);
  if (claseId) {
    const [clase] = isRecordId(claseId) ? await queueClasses(cursoIds, claseId) : [];
    if (!clase) return fail(404, CLASS_NOT_FOUND);
    cursoIds = [clase.cursoId];
  }
  if (cursoIds.length === 0) return ok({ entregas: [], cursors: { prev: null, next: null } });
  const keyset = queueKeyset(cursor);
  const chunks: string[][] = [];
  for (let i = 0; i < cursoIds.length; i += chunk) chunks.push(cursoIds.slice(i, i + chunk));
  const found = await Promise.all(chunks.map((chunk) => queueIds(chunk, keyset, size + 1, claseId ?? undefined)));
  const merged = found.flat();
  const rows = await rowsInOrder(
    merged.map((r) => r.id),
    (ids) => prisma.submission.findMany({ where: { id: { in: ids } }, select: queueSelect }),
  );
  // The rows nearest the cursor first (each chunk's are; several chunks are merged the same way),
  // the page the nearest `size`, shown oldest first.
  const way = keyset.backwards ? -1 : 1;
  const nearestFirst = chunks.length > 1 ? rows.sort((a, b) => way * byQueueOrder(a, b)) : rows;
  const more = nearestFirst.length > size;
  const nearest = nearestFirst.slice(0, size);
  const page = keyset.backwards ? nearest.reverse() : nearest;
  const keys = page.map((r) => ({ createdAt: r.entregadaEn ?? new Date(0), id: r.id }));
  // Each learner's classes in that course: one read for the page (not every course of each learner).
  const classes = await classNamesOf(page);
  const cursors = keysetCursors({
    rows: keys,
    hasNewer: keyset.backwards ? more : cursor !== null,
    hasOlder: keyset.backwards ? true : more,
  });
  return ok({ entregas: page.map((r) => toQueueItem(r, classes.get(`${r.userId} ${r.cursoId}`) ?? [])), cursors });
}

type QueueRow = Prisma.SubmissionGetPayload<{ select: typeof queueSelect }>;

function byQueueOrder(a: QueueRow, b: QueueRow) {
  const t = (a.entregadaEn?.getTime() ?? 0) - (b.entregadaEn?.getTime() ?? 0);
  return t !== 0 ? t : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function toQueueItem(row: QueueRow, clases: string[]): QueueItem {
  return {
    id: row.id,
    tareaId: row.tareaId,
    cursoId: row.cursoId,
    tarea: row.tarea.titulo,
    curso: row.tarea.curso.titulo,
    userId: row.userId,
    estudiante: fullName(row.user),
    clases,
    entregadaEn: (row.entregadaEn ?? new Date(0)).toISOString(),
    atrasada: row.atrasada,
    enlace: reviewPath(row),
  };
}

/** The classes of these courses (the queue's filter), by course and name; or the one asked for. */
export async function queueClasses(cursoIds: string[], onlyId?: string): Promise<QueueClass[]> {
  if (cursoIds.length === 0) return [];
  const one = onlyId ? Prisma.sql`AND c."id" = ${onlyId}` : Prisma.empty;
  return prisma.$queryRaw<QueueClass[]>`SELECT c."id", c."nombre", c."cursoId", k."titulo" AS "curso"
    FROM "CourseClass" c JOIN "Course" k ON k."id" = c."cursoId"
    WHERE c."cursoId" IN (${Prisma.join(cursoIds)}) ${one}
    ORDER BY k."titulo", c."nombre" LIMIT 200`;
}

/**
 * How many hand-ins wait for a teacher (the panel's count), up to COUNT_CAP + 1: her team rows
 * joined to each course's waiting range, one statement.
 */
export async function countQueue(userId: string): Promise<number> {
  const waiting = Prisma.sql`
    SELECT COUNT(*) FROM (
      SELECT 1 FROM "CourseTeacher" AS t
      JOIN "Submission" AS s ON s."cursoId" = t."cursoId" AND s."estado" = 'entregada'
      WHERE t."userId" = ${userId} LIMIT ${COUNT_CAP + 1}
    ) AS r`;
  return (await countsOf({ n: waiting })).n;
}

/** The tarea for its team's pages: 403 for one of its learners, 404 for anyone else. */
export async function tareaForTeam(
  viewer: Viewer,
  tareaId: string | undefined,
): Promise<Result<{ tarea: TareaRow; course: TareaCourse }>> {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  if (!access.team) return fail(403, REVIEW_FORBIDDEN);
  return ok({ tarea: access.tarea, course: access.course });
}

/**
 * The SQL condition on Enrolment `e` of the learners a tarea is for: the course's, in one of
 * `inClasses` (null: every class); `pendientes`, only those without a hand-in handed in.
 */
function learnersWhere(tarea: TareaRow, inClasses: string[] | null, pendientes: boolean) {
  const member =
    inClasses === null
      ? Prisma.empty
      : inClasses.length === 0
        ? Prisma.sql`AND 1 = 0`
        : Prisma.sql`AND EXISTS (SELECT 1 FROM "ClassMember" m WHERE m."userId" = e."userId"
            AND m."cursoId" = e."cursoId" AND m."claseId" IN (${Prisma.join(inClasses)}))`;
  const missing = pendientes
    ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM "Submission" s WHERE s."tareaId" = ${tarea.id}
        AND s."userId" = e."userId" AND s."estado" <> 'borrador')`
    : Prisma.empty;
  return Prisma.sql`e."cursoId" = ${tarea.cursoId} ${member} ${missing}`;
}

/** One learner's row in a tarea's class view. */
type ClassViewRow = {
  userId: string;
  nombre: string;
  correo: string;
  entregaId: string | null;
  estado: ShownState;
  entregadaEn: string | null;
  nota: number | null;
};

/**
 * A tarea's class view: every learner it is for (the course's enrolments, or the members of its
 * classes), by apellido, a page at a time; `claseId` one class of the course; `pendientes` only
 * those who have not handed it in ('Sin entregar': no hand-in, or one not handed in).
 */
export async function classView(
  tarea: TareaRow,
  { claseId, pendientes, page }: { claseId: string | null; pendientes: boolean; page: number },
  size = CLASS_VIEW_PAGE_SIZE,
  now = new Date(),
) {
  const [all, forClasses] = await Promise.all([
    queueClasses([tarea.cursoId]),
    tarea.todasLasClases ? null : tareaClassIds(tarea.id),
  ]);
  const clases = all.filter((c) => !forClasses || forClasses.includes(c.id));
  if (claseId && !clases.some((c) => c.id === claseId)) return fail(404, CLASS_NOT_FOUND);
  const inClasses = claseId ? [claseId] : forClasses;
  const where = learnersWhere(tarea, inClasses, pendientes);
  const from = Prisma.sql`FROM "Enrolment" e WHERE ${where}`;
  const { n: total } = await countsOf({ n: Prisma.sql`SELECT COUNT(*) ${from}` });
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const learners = await prisma.$queryRaw<Array<{ userId: string; apellido: string; nombre: string; correo: string }>>`
    SELECT e."userId", e."apellido", e."nombre", u."correo"
    FROM "Enrolment" e JOIN "User" u ON u."id" = e."userId"
    WHERE ${where}
    ORDER BY e."apellido", e."nombre", e."userId" LIMIT ${size} OFFSET ${(current - 1) * size}`;
  const entregas = await prisma.submission.findMany({
    where: { tareaId: tarea.id, userId: { in: learners.map((l) => l.userId) } },
    select: { id: true, userId: true, estado: true, atrasada: true, entregadaEn: true, nota: true },
  });
  const byUser = new Map(entregas.map((e) => [e.userId, e]));
  const rows: ClassViewRow[] = learners.map((l) => {
    const e = byUser.get(l.userId) ?? null;
    return {
      userId: l.userId,
      nombre: fullName(l),
      correo: l.correo,
      entregaId: e && e.estado !== "borrador" ? e.id : null,
      estado: shownState(tarea, e, now),
      entregadaEn: e?.estado !== "borrador" ? (e?.entregadaEn?.toISOString() ?? null) : null,
      nota: e?.estado === "devuelta" && e.nota !== null ? e.nota / 10 : null,
    };
  });
  return ok({ rows, total, page: current, pageCount, clases: clases.map(({ id, nombre }) => ({ id, nombre })) });
}

const reviewSelect = {
  id: true,
  tareaId: true,
  cursoId: true,
  userId: true,
  texto: true,
  estado: true,
  entregadaEn: true,
  atrasada: true,
  nota: true,
  niveles: true,
  comentario: true,
  devueltaEn: true,
  archivos: { select: { id: true, nombre: true, tipo: true, tamano: true }, orderBy: { posicion: "asc" } },
  user: { select: { nombre: true, apellido: true } },
  tarea: { select: { curso: { select: { exigencia: true } } } },
} as const;

type ReviewRow = Prisma.SubmissionGetPayload<{ select: typeof reviewSelect }>;

/** The levels stored with a review (JSON), or null. */
function storedLevels(json: string | null): number[] | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) && parsed.every((n) => Number.isInteger(n)) ? (parsed as number[]) : null;
  } catch {
    return null;
  }
}

function reviewJson(row: Omit<ReviewRow, "archivos" | "user" | "tarea" | "texto">): ReviewAnswer {
  return {
    id: row.id,
    tareaId: row.tareaId,
    cursoId: row.cursoId,
    userId: row.userId,
    estado: row.estado === "devuelta" ? "devuelta" : row.estado === "entregada" ? "entregada" : "borrador",
    entregadaEn: row.entregadaEn?.toISOString() ?? null,
    atrasada: row.atrasada,
    nota: row.nota === null ? null : row.nota / 10,
    niveles: storedLevels(row.niveles),
    comentario: row.comentario,
    devueltaEn: row.devueltaEn?.toISOString() ?? null,
  };
}

/**
 * One hand-in for its course's team: the tarea, its course, the learner's text and files, the
 * rubric and the course's exigencia. 403 for one of the course's learners (their own hand-in
 * included: they read it on the tarea's page), 404 for anyone else and for an unknown id.
 */
export async function submissionForReview(viewer: Viewer, entregaId: string | undefined) {
  const row = isRecordId(entregaId)
    ? await prisma.submission.findUnique({ where: { id: entregaId }, select: reviewSelect })
    : null;
  if (!row) return fail(404, ENTREGA_NOT_FOUND);
  const access = await tareaForTeam(viewer, row.tareaId);
  if (!access.ok) return access.status === 403 ? access : fail(404, ENTREGA_NOT_FOUND);
  const rubric = access.tarea.calificacion === "rubrica" ? readRubric(access.tarea.rubrica) : null;
  const exigencia = row.tarea.curso.exigencia;
  return ok({
    ...access,
    rubric,
    exigencia,
    entrega: {
      ...reviewJson(row),
      texto: row.texto,
      nombre: fullName(row.user),
      archivos: row.archivos.map((a) => ({ ...a, enlace: submissionFilePath(row, a.id) })),
      estadoMostrado: shownState(access.tarea, row, new Date()),
    },
  });
}

/** The nota (tenths) a review gives: the rubric's levels, or the nota typed; a failure when it cannot. */
function reviewNota(
  rubric: Rubric | null,
  exigencia: number,
  input: ReviewInput,
  returning: boolean,
): Result<{ nota: number | null; niveles: number[] | null }> {
  if (rubric) {
    const chosen = input.niveles ?? [];
    const complete = chosen.length === rubric.length && chosen.every((n) => n !== undefined);
    if (!complete) {
      if (!returning && chosen.every((n) => n === undefined)) return ok({ nota: null, niveles: null });
      return fail(400, REVIEW_LEVELS_NEEDED, { field: "niveles" });
    }
    const niveles = chosen as number[];
    const nota = rubricNota(rubric, niveles, exigencia);
    return nota === null ? fail(400, REVIEW_LEVELS_NEEDED, { field: "niveles" }) : ok({ nota, niveles });
  }
  if (returning && input.nota === null) return fail(400, REVIEW_NOTA_NEEDED, { field: "nota" });
  return ok({ nota: input.nota, niveles: null });
}

/**
 * 'Guardar' (a draft the learner does not see) or 'Devolver' (estado 'devuelta', devueltaEn, the
 * nota in the tarea's gradebook column, the learner told): one transaction with its audit row.
 * A hand-in not handed in cannot be reviewed (409); a returned one is changed only by returning
 * it again. Written only if the hand-in is still in the state it was read in (else 409).
 */
export async function reviewSubmission(
  actor: Actor,
  entregaId: string | undefined,
  input: ReviewInput,
  returning: boolean,
  request: Request | null,
): Promise<Result<{ entrega: ReviewAnswer }>> {
  const found = await submissionForReview(actor, entregaId);
  if (!found.ok) return found;
  const { entrega, tarea, course, rubric, exigencia } = found;
  if (entrega.estado === "borrador") return fail(409, REVIEW_NOT_HANDED_IN);
  if (entrega.estado === "devuelta" && !returning) return fail(409, REVIEW_ALREADY_RETURNED);
  const graded = reviewNota(rubric, exigencia, input, returning);
  if (!graded.ok) return graded;
  const { nota, niveles } = graded;
  const comentario = input.comentario ?? "";
  const now = new Date();
  const saved = await prisma.$transaction(async (tx) => {
    const changed = await tx.submission.updateMany({
      where: { id: entrega.id, estado: entrega.estado },
      data: {
        nota,
        niveles: niveles ? JSON.stringify(niveles) : null,
        comentario,
        revisadaPorId: actor.id,
        ...(returning ? { estado: "devuelta", devueltaEn: now } : {}),
      },
    });
    if (changed.count === 0) return null;
    if (returning && tarea.columnaId && nota !== null) {
      await writeTareaGrade(tx, actor, {
        cursoId: tarea.cursoId,
        columnaId: tarea.columnaId,
        userId: entrega.userId,
        nota,
      });
    }
    const detail = `${tarea.titulo}: ${entrega.nombre}${nota === null ? "" : `, nota ${nota / 10}`}`;
    await auditMany(
      request,
      returning ? "submission.return" : "submission.review",
      [{ actorId: actor.id, targetType: "submission", targetId: entrega.id, detail }],
      tx,
    );
    if (returning) {
      const notice = returnedNotice(tarea.titulo, course.titulo, nota, comentario !== "");
      const link = `/cursos/${tarea.cursoId}/tareas/${tarea.id}`;
      await notify({ kind: "entrega-devuelta", to: [entrega.userId], link, ...notice }, tx);
    }
    return tx.submission.findUnique({ where: { id: entrega.id }, select: reviewSelect });
  });
  if (!saved) return fail(409, REVIEW_CHANGED);
  return ok({ entrega: reviewJson(saved) });
}

/**
 * 'Reabrir': a returned hand-in back to 'borrador', so the learner may hand it in again. Its review
 * stays as the next one's draft, and its nota in the gradebook until the next return.
 */
export async function reopenSubmission(
  actor: Actor,
  entregaId: string | undefined,
  request: Request | null,
): Promise<Result<{ entrega: ReviewAnswer }>> {
  const found = await submissionForReview(actor, entregaId);
  if (!found.ok) return found;
  const { entrega, tarea, course } = found;
  if (entrega.estado !== "devuelta") return fail(409, REVIEW_NOT_RETURNED);
  const saved = await prisma.$transaction(async (tx) => {
    const changed = await tx.submission.updateMany({
      where: { id: entrega.id, estado: "devuelta" },
      data: { estado: "borrador", devueltaEn: null },
    });
    if (changed.count === 0) return null;
    await auditMany(
      request,
      "submission.reopen",
      [
        {
          actorId: actor.id,
          targetType: "submission",
          targetId: entrega.id,
          detail: `${tarea.titulo}: ${entrega.nombre}`,
        },
      ],
      tx,
    );
    // Told as a return is (the same kind and preference): the work is theirs to do again.
    const link = `/cursos/${tarea.cursoId}/tareas/${tarea.id}`;
    await notify(
      { kind: "entrega-devuelta", to: [entrega.userId], link, ...reopenedNotice(tarea.titulo, course.titulo) },
      tx,
    );
    return tx.submission.findUnique({ where: { id: entrega.id }, select: reviewSelect });
  });
  if (!saved) return fail(409, REVIEW_CHANGED);
  return ok({ entrega: reviewJson(saved) });
}

/** Recipients of 'Escribir a quienes no han entregado' at most: a course's size, not more. */
const MISSING_MAX = 5000;

/**
 * 'Escribir a quienes no han entregado': one internal message to each learner of the tarea (or of
 * one of its classes) who has not handed it in, the teacher left out, audited with it.
 */
export async function writeToMissing(
  request: Request | null,
  teacher: Parameters<typeof sendMessageToMany>[0],
  tarea: TareaRow,
  claseId: string | null,
  input: { subject: string; content: string },
): Promise<Result<{ sent: number }>> {
  const forClasses = tarea.todasLasClases ? null : await tareaClassIds(tarea.id);
  if (claseId && forClasses && !forClasses.includes(claseId)) return fail(404, CLASS_NOT_FOUND);
  const where = learnersWhere(tarea, claseId ? [claseId] : forClasses, true);
  const recipients = await prisma.$queryRaw<Array<{ id: string; correo: string; rol: string }>>`
    SELECT u."id", u."correo", u."rol" FROM "Enrolment" e JOIN "User" u ON u."id" = e."userId"
    WHERE ${where} AND e."userId" <> ${teacher.id} LIMIT ${MISSING_MAX}`;
  if (recipients.length === 0) return fail(409, REVIEW_NOBODY_MISSING);
  return sendMessageToMany(teacher, recipients, input, (tx) =>
    auditMany(
      request,
      "submission.message-missing",
      [
        {
          actorId: teacher.id,
          targetType: "assignment",
          targetId: tarea.id,
          detail: `Mensaje a ${recipients.length} sin entregar: ${input.subject}`,
        },
      ],
      tx,
    ),
  );
}
