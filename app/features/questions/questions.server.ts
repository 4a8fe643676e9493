// A module's questions ('Preguntas', docs/product.md#module-questions, decision 028): one service for
// the pages and the API; each write is one transaction with what it tells (notifications, audit rows).
import { auditMany, type AuditAction } from "~/features/audit/audit.server.ts";
import { consume } from "~/features/limits/rate-limits.server.ts";
import { clipForNotice, notify } from "~/features/notifications/notify.server.ts";
import { canSeeCourse, type Viewer } from "~/features/courses/rules.ts";
import { mayManageCourse, teachersToTell, teachingCourseIds } from "~/features/courses/team.server.ts";
import { courseReadAccess, isEnrolled } from "~/features/enrolment/enrolment.server.ts";
import { UNREAD_CAP } from "~/features/notifications/limits.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { countsOf, prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { fetchKeysetPage, keysetCursors, type Cursor } from "~/lib/keyset.ts";
import { questionPath } from "./paths.ts";
import type { QuestionJson, QuestionState } from "./schema.ts";
import {
  ALREADY_ANSWERED,
  ANSWER_FORBIDDEN,
  ANSWER_NOT_FOUND,
  ANSWERING_TOO_FAST,
  ASK_FORBIDDEN,
  ASKING_TOO_FAST,
  MODERATE_FORBIDDEN,
  MODULE_NOT_FOUND,
  NOT_YOUR_QUESTION,
  QUESTION_NOT_FOUND,
  QUESTIONS_FORBIDDEN,
  type QuestionFilter,
} from "./texts.ts";

type Tx = Prisma.TransactionClient;
type Actor = NonNullable<Viewer>;

const QUESTION_PAGE_SIZE = 20;
/** The highest module index an address may name (a course has a few dozen). */
const MAX_MODULE_INDEX = 10_000;

type ModuleRef = { id: string; index: number; titulo: string };
export type QuestionsAccess = {
  course: { id: string; titulo: string };
  module: ModuleRef;
  /** The course's team (courses/team.server.ts): answers, marks, hides, deletes; sees hidden questions. */
  team: boolean;
  /** Enrolled in the course: may ask. */
  enrolled: boolean;
};

/**
 * Who reads a course's questions: its team and its enrolled learners while they may see the course
 * (visitor 401, anyone else 403, unknown course or module 404). The module is the `index`-th by position.
 */
export async function moduleAccess(
  viewer: Viewer,
  cursoId: string | undefined,
  moduloIndex: string | number | undefined,
): Promise<Result<QuestionsAccess>> {
  // A private course's learners ask once it is 'Lista para la clase', as they open its modules.
  const access = await courseReadAccess(viewer, cursoId, QUESTIONS_FORBIDDEN, QUESTIONS_FORBIDDEN);
  if (!access.ok) return access;
  const { course, team, enrolled } = access;
  const index =
    typeof moduloIndex === "number" ? moduloIndex : /^\d{1,5}$/.test(moduloIndex ?? "") ? Number(moduloIndex) : -1;
  if (!Number.isInteger(index) || index < 0 || index > MAX_MODULE_INDEX) return fail(404, MODULE_NOT_FOUND);
  const module = await prisma.module.findFirst({
    where: { cursoId: course.id },
    orderBy: [{ posicion: "asc" }, { id: "asc" }],
    skip: index,
    select: { id: true, titulo: true },
  });
  if (!module) return fail(404, MODULE_NOT_FOUND);
  return ok({
    course: { id: course.id, titulo: course.titulo },
    module: { id: module.id, index, titulo: module.titulo || `Módulo ${index + 1}` },
    team,
    enrolled,
  });
}

/** The courses' modules in order, id → index and title (a course has a few dozen: one small read). */
async function moduleIndexes(...cursoIds: string[]) {
  const modules = await prisma.module.findMany({
    where: { cursoId: { in: cursoIds } },
    orderBy: [{ cursoId: "asc" }, { posicion: "asc" }, { id: "asc" }],
    select: { id: true, cursoId: true, titulo: true },
  });
  const byId = new Map(
    [...Map.groupBy(modules, (m) => m.cursoId).values()].flatMap((list) =>
      list.map((m, index) => [m.id, { index, titulo: m.titulo || `Módulo ${index + 1}` }] as const),
    ),
  );
  return (moduloId: string) => byId.get(moduloId) ?? { index: 0, titulo: "" };
}

const rowSelect = {
  id: true,
  cursoId: true,
  moduloId: true,
  authorId: true,
  texto: true,
  respondida: true,
  resuelta: true,
  oculta: true,
  createdAt: true,
  editadaEn: true,
  author: { select: { nombre: true, apellido: true } },
} as const;
type Row = Prisma.ModuleQuestionGetPayload<{ select: typeof rowSelect }>;

const fullName = (person: { nombre: string; apellido: string } | null) =>
  person ? `${person.nombre} ${person.apellido}`.trim() : null;

/** The author's last edit ('editada'); one in the same second as the post is the post itself. */
const editedAt = (row: { createdAt: Date; editadaEn: Date | null }) =>
  row.editadaEn && row.editadaEn.getTime() - row.createdAt.getTime() > 1000 ? row.editadaEn.toISOString() : null;

/** The rows with their answers (one read for the whole page, oldest answer first), as the API answers them. */
async function toViews(
  rows: Row[],
  viewer: Actor,
  modules: (moduloId: string) => { index: number; titulo: string },
): Promise<QuestionJson[]> {
  const answers =
    rows.length === 0
      ? []
      : await prisma.moduleAnswer.findMany({
          where: { preguntaId: { in: rows.map((r) => r.id) } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: {
            id: true,
            preguntaId: true,
            texto: true,
            createdAt: true,
            author: { select: { nombre: true, apellido: true } },
          },
        });
  const byQuestion = Map.groupBy(answers, (a) => a.preguntaId);
  return rows.map((row) => {
    const module = modules(row.moduloId);
    return {
      id: row.id,
      cursoId: row.cursoId,
      moduloIndex: module.index,
      modulo: module.titulo,
      texto: row.texto,
      autor: fullName(row.author),
      propia: row.authorId === viewer.id,
      respondida: row.respondida,
      resuelta: row.resuelta,
      oculta: row.oculta,
      publicadaEn: row.createdAt.toISOString(),
      editadaEn: editedAt(row),
      respuestas: (byQuestion.get(row.id) ?? []).map((a) => ({
        id: a.id,
        texto: a.texto,
        autor: fullName(a.author),
        publicadaEn: a.createdAt.toISOString(),
      })),
    };
  });
}

export type QuestionPage = {
  preguntas: QuestionJson[];
  /** The cursors of the links to the newer ('antes') and older ('desde') page, null where none. */
  cursors: { prev: string | null; next: string | null };
};

/** The filter's condition, each a leading column of one of the module's indexes. */
const FILTER_WHERE: Record<QuestionFilter, Prisma.ModuleQuestionWhereInput> = {
  todas: {},
  "sin-responder": { respondida: false },
  resueltas: { resuelta: true },
};

/** A page of questions newest first: a range of an index ending in (createdAt, id), from the cursor. */
function questionPage<T extends Row = Row>(
  where: Prisma.ModuleQuestionWhereInput,
  cursor: Cursor | null,
  size: number,
  select: Prisma.ModuleQuestionSelect = rowSelect,
) {
  return fetchKeysetPage(1, cursor, size, (_range, { where: range, orderBy, take }) =>
    prisma.moduleQuestion
      .findMany({ where: { AND: [where, range] }, orderBy, take, select })
      .then((rows) => rows as unknown as T[]),
  );
}

/**
 * A page of one module's questions, 20 a page, each filter a range of (moduloId, [respondida or
 * resuelta,] createdAt, id). Hidden ones only for the team and their author (few: the range skips them).
 */
export async function listModuleQuestions(
  viewer: Actor,
  access: QuestionsAccess,
  filtro: QuestionFilter,
  cursor: Cursor | null,
  size = QUESTION_PAGE_SIZE,
): Promise<QuestionPage> {
  const visible: Prisma.ModuleQuestionWhereInput = access.team
    ? {}
    : { OR: [{ oculta: false }, { authorId: viewer.id }] };
  const where = { AND: [{ moduloId: access.module.id, ...FILTER_WHERE[filtro] }, visible] };
  const page = await questionPage(where, cursor, size);
  return { preguntas: await toViews(page.rows, viewer, () => access.module), cursors: keysetCursors(page) };
}

/** The team's 'Sin responder' across a course: a range of (cursoId, respondida, createdAt, id). */
export async function listCourseUnanswered(
  viewer: Actor,
  cursoId: string,
  cursor: Cursor | null,
  size = QUESTION_PAGE_SIZE,
): Promise<QuestionPage> {
  const [page, modules] = await Promise.all([
    questionPage({ cursoId, respondida: false }, cursor, size),
    moduleIndexes(cursoId),
  ]);
  const preguntas = await toViews(page.rows, viewer, modules);
  return { preguntas, cursors: keysetCursors(page) };
}

/** A question on a teacher's 'Para revisar', with its course's title. */
export type ReviewQuestion = QuestionJson & { curso: string };

/**
 * 'Para revisar' (/docente/revisar and GET /api/docente/revisar, decision 042): the unanswered
 * questions of every course whose team lists the teacher, one statement over their ranges.
 */
export async function listToReview(
  viewer: Actor,
  cursor: Cursor | null,
  size = QUESTION_PAGE_SIZE,
): Promise<{ preguntas: ReviewQuestion[]; cursors: QuestionPage["cursors"] }> {
  const cursoIds = await teachingCourseIds(viewer.id);
  const page = await questionPage<Row & { curso: { titulo: string } }>(
    { cursoId: { in: cursoIds }, respondida: false },
    cursor,
    size,
    { ...rowSelect, curso: { select: { titulo: true } } },
  );
  const modules = await moduleIndexes(...new Set(page.rows.map((r) => r.cursoId)));
  const views = await toViews(page.rows, viewer, modules);
  return {
    preguntas: views.map((view, i) => ({ ...view, curso: page.rows[i]!.curso.titulo })),
    cursors: keysetCursors(page),
  };
}

/**
 * How many questions wait for a teacher (the panel's 'Para revisar' count), up to UNREAD_CAP + 1:
 * her team rows joined to each course's unanswered range, one statement, as the header counts.
 */
export async function countToReview(userId: string): Promise<number> {
  const toReview = Prisma.sql`
    SELECT COUNT(*) FROM (
      SELECT 1 FROM "CourseTeacher" AS t
      JOIN "ModuleQuestion" AS q ON q."cursoId" = t."cursoId" AND q."respondida" = false
      WHERE t."userId" = ${userId} LIMIT ${UNREAD_CAP + 1}
    ) AS r`;
  return (await countsOf({ n: toReview })).n;
}

/** The team of a course, for its pages: the course's title, or null when the viewer is not on it. */
export async function courseForTeam(viewer: Viewer, cursoId: string | undefined) {
  if (!isRecordId(cursoId) || !(await mayManageCourse(viewer, cursoId))) return null;
  return prisma.course.findUnique({ where: { id: cursoId }, select: { id: true, titulo: true } });
}

type Found = Row & { curso: { titulo: string; estado: string } };

/**
 * A question the viewer may see, with their standing: the team (answers and moderates), its
 * author, or an enrolled learner. Anything else (unknown, another course's, hidden from them, a
 * course they may not see) is 404, so an id tells nothing.
 */
async function findForViewer(
  viewer: Actor,
  preguntaId: string | undefined,
): Promise<Result<{ row: Found; team: boolean; own: boolean }>> {
  const row = isRecordId(preguntaId)
    ? await prisma.moduleQuestion.findUnique({
        where: { id: preguntaId },
        select: { ...rowSelect, curso: { select: { titulo: true, estado: true, visibilidad: true } } },
      })
    : null;
  if (!row) return fail(404, QUESTION_NOT_FOUND);
  const own = row.authorId === viewer.id;
  if (await mayManageCourse(viewer, row.cursoId)) return ok({ row, team: true, own });
  const enrolled = await isEnrolled(viewer.id, row.cursoId);
  const readable = canSeeCourse(viewer, row.curso, { team: false, enrolled }) && (own || !row.oculta) && enrolled;
  return readable ? ok({ row, team: false, own }) : fail(404, QUESTION_NOT_FOUND);
}

/** One question for the module page's edit or delete form (the viewer's own, or any for the team), or null. */
export async function questionForForm(viewer: Actor, access: QuestionsAccess, preguntaId: string | null) {
  if (!preguntaId) return null;
  const found = await findForViewer(viewer, preguntaId);
  if (!found.ok || found.row.moduloId !== access.module.id) return null;
  const [view] = await toViews([found.row], viewer, () => access.module);
  return view ?? null;
}

/** The path of a question's module page, for the API's and the pages' answers. */
async function pathOf(row: { id: string; cursoId: string; moduloId: string }) {
  const modules = await moduleIndexes(row.cursoId);
  return questionPath(row.cursoId, modules(row.moduloId).index, row.id);
}

/** The answer of a write: the question as it is now, or 404 when the team deleted it since (never a 500). */
async function viewed(viewer: Actor, id: string): Promise<Result<{ pregunta: QuestionJson }>> {
  const row = await prisma.moduleQuestion.findUnique({ where: { id }, select: rowSelect });
  const [pregunta] = row ? await toViews([row], viewer, await moduleIndexes(row.cursoId)) : [];
  return pregunta ? ok({ pregunta }) : fail(404, QUESTION_NOT_FOUND);
}

/**
 * Why the author's conditional write (`WHERE respondida = false`) changed nothing: answered
 * meanwhile (409), or deleted by the team (404).
 */
async function authorMissed(id: string) {
  const still = await prisma.moduleQuestion.count({ where: { id } });
  return still > 0 ? fail(409, ALREADY_ANSWERED) : fail(404, QUESTION_NOT_FOUND);
}

/** Who is told of a new question: the course's teachers, else the admins (decision 020); never the asker. */
async function teamToTell(tx: Tx, cursoId: string, askerId: string): Promise<string[]> {
  const teachers = await teachersToTell(cursoId, tx);
  const ids =
    teachers.length > 0
      ? teachers.map((t) => t.id)
      : (await tx.user.findMany({ where: { rol: "admin", aprobado: true }, select: { id: true } })).map((u) => u.id);
  return ids.filter((id) => id !== askerId);
}

/** Asking and editing count against the same limits. */
const askingLimit = (viewer: Actor) =>
  consume(
    [
      ["questionsUserShort", viewer.id],
      ["questionsUserDay", viewer.id],
    ],
    ASKING_TOO_FAST,
  );

/** 'Enviar pregunta' and POST /api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas: enrolled learners. */
export async function askQuestion(
  viewer: Actor,
  access: QuestionsAccess,
  fields: { texto: string },
): Promise<Result<{ pregunta: QuestionJson }>> {
  if (!access.enrolled) return fail(403, ASK_FORBIDDEN);
  const limit = await askingLimit(viewer);
  if (!limit.ok) return limit;
  const { course, module } = access;
  const id = await prisma.$transaction(async (tx) => {
    const created = await tx.moduleQuestion.create({
      data: { cursoId: course.id, moduloId: module.id, authorId: viewer.id, texto: fields.texto },
      select: { id: true },
    });
    // 'pregunta' is an e-mail at once by default (kinds.ts), for each teacher who did not choose otherwise.
    await notify(
      {
        kind: "pregunta",
        to: await teamToTell(tx, course.id, viewer.id),
        title: `Pregunta nueva en «${module.titulo}» (${course.titulo})`,
        text: clipForNotice(fields.texto),
        link: questionPath(course.id, module.index, created.id),
        linkLead: "Respóndela en",
      },
      tx,
    );
    return created.id;
  });
  return viewed(viewer, id);
}

/**
 * 'Guardar' and PUT /api/preguntas/{preguntaId}: the author's new text, while nobody has answered
 * (the check and the write are one statement: an answer that lands first wins).
 */
export async function editQuestion(
  viewer: Actor,
  preguntaId: string | undefined,
  fields: { texto: string },
): Promise<Result<{ pregunta: QuestionJson }>> {
  const found = await findForViewer(viewer, preguntaId);
  if (!found.ok) return found;
  const { row } = found;
  if (!found.own) return fail(403, NOT_YOUR_QUESTION);
  if (row.respondida) return fail(409, ALREADY_ANSWERED);
  const limit = await askingLimit(viewer);
  if (!limit.ok) return limit;
  const { count } = await prisma.moduleQuestion.updateMany({
    where: { id: row.id, authorId: viewer.id, respondida: false },
    // `editadaEn` is written here alone: the team's marks and answers are no edit of the question.
    data: { texto: fields.texto, editadaEn: new Date() },
  });
  if (count === 0) return authorMissed(row.id);
  return viewed(viewer, row.id);
}

/**
 * 'Eliminar' and DELETE /api/preguntas/{preguntaId}: its author while unanswered, or the course's
 * team at any time (audited, with the question's start: the row and its answers are gone).
 */
export async function deleteQuestion(
  viewer: Actor,
  preguntaId: string | undefined,
  request: Request | null,
): Promise<Result<{ path: string }>> {
  const found = await findForViewer(viewer, preguntaId);
  if (!found.ok) return found;
  const { row } = found;
  const path = await pathOf(row);
  if (found.team) {
    const deleted = await prisma.$transaction(async (tx) => {
      const { count } = await tx.moduleQuestion.deleteMany({ where: { id: row.id } });
      if (count > 0) await moderationAudit(tx, request, "question.delete", viewer, row);
      return count > 0;
    });
    return deleted ? ok({ path }) : fail(404, QUESTION_NOT_FOUND);
  }
  if (!found.own) return fail(403, MODERATE_FORBIDDEN);
  if (row.respondida) return fail(409, ALREADY_ANSWERED);
  const { count } = await prisma.moduleQuestion.deleteMany({
    where: { id: row.id, authorId: viewer.id, respondida: false },
  });
  return count === 0 ? authorMissed(row.id) : ok({ path });
}

async function moderationAudit(
  tx: Tx,
  request: Request | null,
  action: AuditAction,
  actor: Actor,
  row: { id: string; cursoId: string; texto: string },
) {
  const detail = `${row.id}: ${row.texto.replace(/\s+/g, " ").slice(0, 200)}`;
  await auditMany(request, action, [{ actorId: actor.id, targetType: "course", targetId: row.cursoId, detail }], tx);
}

/**
 * 'Responder' and POST /api/preguntas/{preguntaId}/respuestas: the course's team. The answer and
 * the question's `respondida` in one transaction with the asker's 'respuesta' notification (an
 * e-mail at once by default), unless the asker is who answers or their account is gone.
 */
export async function answerQuestion(
  viewer: Actor,
  preguntaId: string | undefined,
  fields: { texto: string },
): Promise<Result<{ pregunta: QuestionJson; path: string }>> {
  const found = await findForViewer(viewer, preguntaId);
  if (!found.ok) return found;
  if (!found.team) return fail(403, ANSWER_FORBIDDEN);
  const limit = await consume(
    [
      ["answersUserMinute", viewer.id],
      ["answersUserDay", viewer.id],
    ],
    ANSWERING_TOO_FAST,
  );
  if (!limit.ok) return limit;
  const { row } = found;
  const path = await pathOf(row);
  const answered = await prisma.$transaction(async (tx) => {
    // The question's row first: its lock orders this answer with a deletion of its answers
    // (deleteAnswer), so `respondida` always says whether an answer exists; and a question deleted
    // since it was read is 404, nothing written.
    const { count } = await tx.moduleQuestion.updateMany({ where: { id: row.id }, data: { respondida: true } });
    if (count === 0) return false;
    await tx.moduleAnswer.create({ data: { preguntaId: row.id, authorId: viewer.id, texto: fields.texto } });
    if (row.authorId && row.authorId !== viewer.id) {
      await notify(
        {
          kind: "respuesta",
          to: [row.authorId],
          title: `Respondieron tu pregunta (${row.curso.titulo})`,
          text: clipForNotice(fields.texto),
          link: path,
          linkLead: "Lee la respuesta en",
        },
        tx,
      );
    }
    return true;
  });
  if (!answered) return fail(404, QUESTION_NOT_FOUND);
  const view = await viewed(viewer, row.id);
  return view.ok ? ok({ pregunta: view.pregunta, path }) : view;
}

/**
 * 'Marcar resuelta', 'Ocultar' (and back) and PUT /api/preguntas/{preguntaId}/estado: the
 * course's team, each change audited. Marks left as they are change nothing and log nothing.
 */
export async function setQuestionState(
  viewer: Actor,
  preguntaId: string | undefined,
  state: QuestionState,
  request: Request | null,
): Promise<Result<{ pregunta: QuestionJson; path: string }>> {
  const found = await findForViewer(viewer, preguntaId);
  if (!found.ok) return found;
  if (!found.team) return fail(403, MODERATE_FORBIDDEN);
  const { row } = found;
  const changes: Array<[AuditAction, Prisma.ModuleQuestionUpdateManyMutationInput]> = [];
  if (state.resuelta !== undefined && state.resuelta !== row.resuelta) {
    changes.push([state.resuelta ? "question.resolve" : "question.reopen", { resuelta: state.resuelta }]);
  }
  if (state.oculta !== undefined && state.oculta !== row.oculta) {
    changes.push([state.oculta ? "question.hide" : "question.show", { oculta: state.oculta }]);
  }
  if (changes.length > 0) {
    const marked = await prisma.$transaction(async (tx) => {
      // The marks alone (no date read before: an author's edit since would be undone). Deleted
      // since it was read: 404.
      const { count } = await tx.moduleQuestion.updateMany({
        where: { id: row.id },
        data: Object.assign({}, ...changes.map(([, data]) => data)),
      });
      if (count === 0) return false;
      for (const [action] of changes) await moderationAudit(tx, request, action, viewer, row);
      return true;
    });
    if (!marked) return fail(404, QUESTION_NOT_FOUND);
  }
  const view = await viewed(viewer, row.id);
  return view.ok ? ok({ pregunta: view.pregunta, path: await pathOf(row) }) : view;
}

/** An answer the team may delete, with its question (the caller checks the team), or null. */
async function findAnswer(respuestaId: string | null | undefined) {
  if (!isRecordId(respuestaId)) return null;
  return prisma.moduleAnswer.findUnique({
    where: { id: respuestaId },
    select: { id: true, texto: true, preguntaId: true, pregunta: { select: { moduloId: true } } },
  });
}

/** One answer of this module for the team's delete confirmation, or null. */
export async function answerForForm(viewer: Actor, access: QuestionsAccess, respuestaId: string | null) {
  if (!respuestaId || !access.team) return null;
  const found = await findAnswer(respuestaId);
  if (!found || found.pregunta.moduloId !== access.module.id) return null;
  return { id: found.id, texto: found.texto, preguntaId: found.preguntaId };
}

/**
 * 'Eliminar respuesta' and DELETE /api/respuestas/{respuestaId}: the course's team (audited). The
 * question's last answer gone, it is unanswered again (and its author may edit it again).
 */
export async function deleteAnswer(
  viewer: Actor,
  respuestaId: string | undefined,
  request: Request | null,
): Promise<Result<{ preguntaId: string; path: string }>> {
  const answer = await findAnswer(respuestaId);
  if (!answer) return fail(404, ANSWER_NOT_FOUND);
  const found = await findForViewer(viewer, answer.preguntaId);
  if (!found.ok) return fail(404, ANSWER_NOT_FOUND);
  if (!found.team) return fail(403, MODERATE_FORBIDDEN);
  const { row } = found;
  const gone = await prisma.$transaction(async (tx) => {
    // The question's row locked first, as an answer does (answerQuestion): then the flag is set from
    // the answers as they are once this deletion and any answer or deletion before it are in, at
    // READ COMMITTED too (a count read beside a concurrent answer or deletion would miss it).
    const locked = await tx.$executeRaw`UPDATE "ModuleQuestion" SET "respondida" = "respondida" WHERE "id" = ${row.id}`;
    if (locked === 0) return false;
    const { count } = await tx.moduleAnswer.deleteMany({ where: { id: answer.id, preguntaId: row.id } });
    if (count === 0) return false;
    await tx.$executeRaw`UPDATE "ModuleQuestion" SET "respondida" =
      EXISTS (SELECT 1 FROM "ModuleAnswer" a WHERE a."preguntaId" = ${row.id}) WHERE "id" = ${row.id}`;
    await moderationAudit(tx, request, "question.answer-delete", viewer, { ...row, texto: answer.texto });
    return true;
  });
  return gone ? ok({ preguntaId: row.id, path: await pathOf(row) }) : fail(404, ANSWER_NOT_FOUND);
}
