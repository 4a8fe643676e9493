// Quizzes: what the taker may see (never the answers), attempts graded on the server, and the
// progress that follows. One service for the quiz page and the /api calls.
import { canSeeCourse, NO_TIES, type Viewer } from "~/features/courses/rules.ts";
import { canAccessMaterials } from "~/features/enrolment/rules.ts";
import { courseTies } from "~/features/enrolment/enrolment.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { gradeQuiz, tipoOf, type AnswerValue, type GradableQuestion } from "./grading.ts";
import { reviewShown, shapeResult } from "./review.ts";
import { recomputeProgress } from "~/features/enrolment/progress.server.ts";

export const QUIZ_NOT_FOUND = "Evaluación no encontrada";
export const QUIZ_FORBIDDEN = "Inscríbete en el curso para rendir esta evaluación.";
/** An attempt beyond the module's limit (docs/product.md#grading): 409. */
export const NO_ATTEMPTS_LEFT = (max: number) =>
  `Ya usaste ${max === 1 ? "el único intento" : `los ${max} intentos`} de esta evaluación; ` +
  "no puedes rendirla de nuevo.";

type Loaded = {
  course: { id: string; titulo: string; exigencia: number };
  module: {
    id: string;
    index: number;
    titulo: string;
    intentosMaximos: number | null;
    revision: string;
    revisionCuando: string;
    fechaLimite: Date | null;
  };
  questions: GradableQuestion[];
};

/** The module's quiz with the correct flags (server only), if this viewer may take it (else 404 / 401 / 403). */
async function loadQuiz(courseId: string, moduleIndex: number, viewer: Viewer): Promise<Result<{ quiz: Loaded }>> {
  if (!Number.isInteger(moduleIndex) || moduleIndex < 0 || moduleIndex > 10_000) return fail(404, QUIZ_NOT_FOUND);
  const course = await prisma.course.findUnique({
    where: { id: courseId },
    select: {
      id: true,
      titulo: true,
      estado: true,
      visibilidad: true,
      exigencia: true,
      modulos: {
        orderBy: { posicion: "asc" },
        skip: moduleIndex,
        take: 1,
        select: {
          id: true,
          titulo: true,
          intentosMaximos: true,
          revision: true,
          revisionCuando: true,
          fechaLimite: true,
          preguntas: {
            orderBy: { posicion: "asc" },
            select: {
              id: true,
              texto: true,
              ...KIND_FIELDS,
              opciones: { orderBy: { posicion: "asc" }, select: { id: true, texto: true, correcta: true } },
            },
          },
        },
      },
    },
  });
  const module = course?.modulos[0];
  const ties = course ? await courseTies(viewer, courseId) : NO_TIES;
  if (!course || !module || module.preguntas.length === 0 || !canSeeCourse(viewer, course, ties)) {
    return fail(404, QUIZ_NOT_FOUND);
  }
  if (!viewer) return fail(401, QUIZ_FORBIDDEN);
  if (!canAccessMaterials(viewer, ties, course)) return fail(403, QUIZ_FORBIDDEN);
  return ok({
    quiz: {
      course: { id: course.id, titulo: course.titulo, exigencia: course.exigencia },
      module: {
        id: module.id,
        index: moduleIndex,
        titulo: module.titulo || `Módulo ${moduleIndex + 1}`,
        intentosMaximos: module.intentosMaximos,
        revision: module.revision,
        revisionCuando: module.revisionCuando,
        fechaLimite: module.fechaLimite,
      },
      questions: module.preguntas,
    },
  });
}

/** What grading reads of a question's kind (docs/decisions/046-kinds-of-question.md). */
const KIND_FIELDS = { tipo: true, puntajeParcial: true, valor: true, tolerancia: true } as const;

/**
 * What the browser gets: questions, their kind and option texts, never which one is right (nor a
 * short answer's accepted answers, nor a numeric one's value).
 */
function publicQuiz(quiz: Loaded) {
  return {
    course: quiz.course,
    module: quiz.module,
    preguntas: quiz.questions.map((q) => {
      const tipo = tipoOf(q.tipo);
      const typed = tipo === "respuesta_corta" || tipo === "numerica";
      return {
        id: q.id,
        texto: q.texto,
        tipo,
        opciones: typed ? [] : q.opciones.map((o) => ({ id: o.id, texto: o.texto })),
      };
    }),
  };
}

export type AttemptInfo = Awaited<ReturnType<typeof attemptInfo>>;

async function attemptInfo(userId: string, moduleId: string, intentosMaximos: number | null) {
  const [count, last, best] = await Promise.all([
    prisma.quizAttempt.count({ where: { userId, moduloId: moduleId } }),
    prisma.quizAttempt.findFirst({
      where: { userId, moduloId: moduleId },
      orderBy: { createdAt: "desc" },
      select: { porcentaje: true },
    }),
    prisma.quizAttempt.findFirst({
      where: { userId, moduloId: moduleId },
      orderBy: [{ aprobado: "desc" }, { porcentaje: "desc" }],
      select: { porcentaje: true, aprobado: true },
    }),
  ]);
  return {
    aprobado: best?.aprobado ?? false,
    intentosPrevios: count,
    // null: unlimited.
    intentosMaximos,
    intentosRestantes: intentosMaximos === null ? null : Math.max(0, intentosMaximos - count),
    ultimoIntento: last ? { porcentaje: last.porcentaje } : null,
    mejorPorcentaje: best?.porcentaje ?? null,
  };
}

export async function getQuizForViewer(courseId: string, moduleIndex: number, viewer: Viewer) {
  const access = await loadQuiz(courseId, moduleIndex, viewer);
  if (!access.ok) return access;
  return ok({
    quiz: publicQuiz(access.quiz),
    info: await attemptInfo(viewer!.id, access.quiz.module.id, access.quiz.module.intentosMaximos),
  });
}

/**
 * The module after this one in its course (what a passed quiz leads to): its 1-based number, as
 * the course page's ?modulo=N, and its title; null after the last one. One row of the
 * (cursoId, posicion) index.
 */
export async function moduleAfter(courseId: string, moduleIndex: number) {
  const next = await prisma.module.findFirst({
    where: { cursoId: courseId },
    orderBy: { posicion: "asc" },
    skip: moduleIndex + 1,
    select: { titulo: true },
  });
  const numero = moduleIndex + 2;
  return next ? { numero, titulo: next.titulo || `Módulo ${numero}` } : null;
}

type Submitted = {
  /** Shaped by the module's review (review.ts): the page and the API show the same. */
  grade: ReturnType<typeof shapeResult>;
  progreso: number;
  info: AttemptInfo;
};

/** Unanswered questions are a 400 that lists their 1-based numbers. */
type SubmitFailure = Failure & { unanswered?: number[] };

const unansweredMessage = (numbers: number[]) =>
  numbers.length === 1
    ? `Responde la pregunta ${numbers[0]} antes de terminar la evaluación.`
    : `Responde todas las preguntas antes de terminar la evaluación (faltan: ${numbers.join(", ")}).`;

/**
 * Grades an attempt from the answers (question id → option id, several, or the text typed), stores it with its
 * answers, and recomputes the course progress. Anything else the client sends is ignored.
 * The quiz is loaded once: `answers` may be a function of its questions (the API's loose
 * answer shapes are normalised against them).
 */
export async function submitAttempt(
  viewer: Viewer,
  courseId: string,
  moduleIndex: number,
  answers: Record<string, AnswerValue> | ((questions: readonly GradableQuestion[]) => Record<string, AnswerValue>),
): Promise<Result<Submitted, SubmitFailure>> {
  const access = await loadQuiz(courseId, moduleIndex, viewer);
  if (!access.ok) return access;
  const { quiz } = access;
  const chosen = typeof answers === "function" ? answers(quiz.questions) : answers;
  const outcome = gradeQuiz(quiz.questions, chosen, quiz.course.exigencia);
  if (!outcome.ok) return { ...fail(400, unansweredMessage(outcome.unanswered)), unanswered: outcome.unanswered };
  const { grade } = outcome;
  const userId = viewer!.id;
  const limit = quiz.module.intentosMaximos;
  // The attempts before this one, counted in its own transaction (null: unlimited, not counted).
  const stored = await prisma.$transaction(async (tx) => {
    let before: number | null = null;
    if (limit !== null) {
      // The limit holds under concurrent submissions: the module's row is locked first (a no-op
      // write; SQLite's transactions are BEGIN IMMEDIATE anyway), so the count below includes
      // every attempt committed before this one, at READ COMMITTED too.
      await tx.$executeRaw`UPDATE "Module" SET "intentosMaximos" = "intentosMaximos" WHERE "id" = ${quiz.module.id}`;
      before = await tx.quizAttempt.count({ where: { userId, moduloId: quiz.module.id } });
      if (before >= limit) return false;
    }
    const attempt = await tx.quizAttempt.create({
      data: {
        userId,
        cursoId: courseId,
        moduloId: quiz.module.id,
        porcentaje: grade.porcentaje,
        aprobado: grade.aprobado,
        correctas: grade.correctas,
        totalPreguntas: grade.totalPreguntas,
        answers: { create: grade.respuestas.map((r) => ({ ...r })) },
      },
      select: { createdAt: true },
    });
    // 'Atascado' (docs/decisions/024-class-progress.md): a module of the course failed twice or
    // more and never passed, read from the (module, learner) counts the attempt's own triggers
    // just updated, and kept on the enrolment with the attempt, as its last activity.
    const stuck = await tx.quizPairTally.findFirst({
      where: { cursoId: courseId, userId, intentos: { gte: 2 }, aprobados: 0 },
      select: { moduloId: true },
    });
    await tx.enrolment.updateMany({
      where: { userId, cursoId: courseId },
      data: { atascado: stuck !== null, ultimaActividadEn: attempt.createdAt },
    });
    return { before };
  });
  if (!stored) return fail(409, NO_ATTEMPTS_LEFT(limit!));
  const { progreso } = await recomputeProgress(userId, courseId);
  const read = await attemptInfo(userId, quiz.module.id, limit);
  // What is left after this attempt is this attempt's own: two sent at once are told 1 and 0,
  // not both what a read after both commits would say.
  const info =
    stored.before === null || limit === null
      ? read
      : { ...read, intentosPrevios: stored.before + 1, intentosRestantes: Math.max(0, limit - stored.before - 1) };
  return ok({
    grade: shapeResult(grade, quiz.questions, reviewShown(quiz.module, info.intentosRestantes)),
    progreso,
    info,
  });
}

/**
 * Whether anyone has taken a quiz of the course: then its exigencia (the pass mark each stored
 * attempt was graded against) may not change (docs/decisions/043-one-pass-mark.md). One row of
 * the (cursoId, userId, …) index.
 */
export async function courseHasAttempts(tx: Prisma.TransactionClient, courseId: string): Promise<boolean> {
  return (await tx.quizAttempt.findFirst({ where: { cursoId: courseId }, select: { id: true } })) !== null;
}
