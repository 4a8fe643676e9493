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
import { aprobado } from "./nota.ts";
import { drawAttempt, endsAt, isLate, servedQuestions, startsAttempts } from "./served.server.ts";
import { recomputeProgress } from "~/features/enrolment/progress.server.ts";

export const QUIZ_NOT_FOUND = "Evaluación no encontrada";
export const QUIZ_FORBIDDEN = "Inscríbete en el curso para rendir esta evaluación.";
/** An attempt beyond the module's limit (docs/product.md#grading): 409. */
export const NO_ATTEMPTS_LEFT = (max: number) =>
  `Ya usaste ${max === 1 ? "el único intento" : `los ${max} intentos`} de esta evaluación; ` +
  "no puedes rendirla de nuevo.";
/** Answering a module that serves each attempt before starting one, or after it was submitted: 409. */
export const START_FIRST = "Comienza un intento antes de responder esta evaluación.";
/** Starting an attempt at a module that does not serve them (docs/decisions/045-served-attempts.md): 409. */
export const NOTHING_TO_START = "Esta evaluación no necesita comenzar un intento: responde directamente.";

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
    barajar: boolean;
    preguntasPorIntento: number | null;
    tiempoLimiteMin: number | null;
  };
  questions: GradableQuestion[];
};

/** What grading reads of a question's kind (docs/decisions/046-kinds-of-question.md). */
const KIND_FIELDS = { tipo: true, puntajeParcial: true, valor: true, tolerancia: true } as const;

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
          barajar: true,
          preguntasPorIntento: true,
          tiempoLimiteMin: true,
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
        barajar: module.barajar,
        preguntasPorIntento: module.preguntasPorIntento,
        tiempoLimiteMin: module.tiempoLimiteMin,
      },
      questions: module.preguntas,
    },
  });
}

/**
 * What the browser gets: questions, their kind and option texts, never which one is right (nor a
 * short answer's accepted answers, nor a numeric one's value).
 */
const publicQuestions = (questions: Loaded["questions"]) =>
  questions.map((q) => {
    const tipo = tipoOf(q.tipo);
    const typed = tipo === "respuesta_corta" || tipo === "numerica";
    return {
      id: q.id,
      texto: q.texto,
      tipo,
      opciones: typed ? [] : q.opciones.map((o) => ({ id: o.id, texto: o.texto })),
    };
  });

function publicQuiz(quiz: Loaded) {
  return { course: quiz.course, module: quiz.module, preguntas: publicQuestions(quiz.questions) };
}

type Open = { id: string; comenzadoEn: Date; servido: string };

/** The learner's open attempt at the module, if any (docs/decisions/045-served-attempts.md). */
const openAttemptOf = (userId: string, moduloId: string): Promise<Open | null> =>
  prisma.openAttempt.findUnique({
    where: { userId_moduloId: { userId, moduloId } },
    select: { id: true, comenzadoEn: true, servido: true },
  });

/** A module's quiz as one open attempt serves it: its questions in the served order, and its times. */
function servedQuiz(quiz: Loaded, open: Open) {
  return {
    quiz: { ...quiz, questions: servedQuestions(quiz.questions, open.servido) },
    intento: { comenzadoEn: open.comenzadoEn, terminaEn: endsAt(open.comenzadoEn, quiz.module) },
  };
}

export type AttemptInfo = Awaited<ReturnType<typeof attemptInfo>>;

async function attemptInfo(userId: string, moduleId: string, intentosMaximos: number | null) {
  const [count, open, last, best] = await Promise.all([
    prisma.quizAttempt.count({ where: { userId, moduloId: moduleId } }),
    prisma.openAttempt.count({ where: { userId, moduloId: moduleId } }),
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
    // An open attempt counts from its start (docs/decisions/045-served-attempts.md).
    intentosRestantes: intentosMaximos === null ? null : Math.max(0, intentosMaximos - count - open),
    ultimoIntento: last ? { porcentaje: last.porcentaje } : null,
    mejorPorcentaje: best?.porcentaje ?? null,
  };
}

/**
 * The quiz as this viewer takes it now. A module that serves its attempts shows no question
 * until one is started (`intento` null, `porComenzar` true), then exactly the served ones.
 */
export async function getQuizForViewer(courseId: string, moduleIndex: number, viewer: Viewer) {
  const access = await loadQuiz(courseId, moduleIndex, viewer);
  if (!access.ok) return access;
  const { module } = access.quiz;
  const open = startsAttempts(module) ? await openAttemptOf(viewer!.id, module.id) : null;
  const served = open ? servedQuiz(access.quiz, open) : null;
  const porComenzar = startsAttempts(module) && !open;
  return ok({
    quiz: publicQuiz(served?.quiz ?? (porComenzar ? { ...access.quiz, questions: [] } : access.quiz)),
    intento: served?.intento ?? null,
    porComenzar,
    info: await attemptInfo(viewer!.id, module.id, module.intentosMaximos),
  });
}

/**
 * Starts an attempt at a module that serves them, or gives back the learner's open one (one per
 * learner and module): the questions drawn, in the served order, and when it ends. The open
 * attempt counts toward the module's limit from now on, so at the limit this is the 409.
 */
export async function startAttempt(viewer: Viewer, courseId: string, moduleIndex: number) {
  const access = await loadQuiz(courseId, moduleIndex, viewer);
  if (!access.ok) return access;
  const { quiz } = access;
  const { module } = quiz;
  if (!startsAttempts(module)) return fail(409, NOTHING_TO_START);
  const userId = viewer!.id;
  const open = await prisma.$transaction(async (tx) => {
    // Concurrent starts: the module's row is locked first (as submitAttempt does), so the second
    // finds the first's open attempt; the unique (userId, moduloId) is the backstop.
    await tx.$executeRaw`UPDATE "Module" SET "intentosMaximos" = "intentosMaximos" WHERE "id" = ${module.id}`;
    const select = { id: true, comenzadoEn: true, servido: true } as const;
    const current = await tx.openAttempt.findUnique({
      where: { userId_moduloId: { userId, moduloId: module.id } },
      select,
    });
    if (current) return current;
    const limit = module.intentosMaximos;
    if (limit !== null && (await tx.quizAttempt.count({ where: { userId, moduloId: module.id } })) >= limit)
      return null;
    const servido = JSON.stringify(drawAttempt(quiz.questions, module));
    return tx.openAttempt.create({ data: { userId, moduloId: module.id, servido }, select });
  });
  if (!open) return fail(409, NO_ATTEMPTS_LEFT(module.intentosMaximos!));
  const served = servedQuiz(quiz, open);
  return ok({
    quiz: publicQuiz(served.quiz),
    intento: served.intento,
    info: await attemptInfo(userId, module.id, module.intentosMaximos),
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
  /** The questions graded, in the order they were served. */
  preguntas: ReturnType<typeof publicQuestions>;
  /** Answered after the time limit and its grace: graded without its answers. */
  fueraDeTiempo: boolean;
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
  const userId = viewer!.id;
  // A module that serves its attempts grades the open one only, against what it served
  // (docs/decisions/045-served-attempts.md).
  const open = startsAttempts(access.quiz.module) ? await openAttemptOf(userId, access.quiz.module.id) : null;
  if (startsAttempts(access.quiz.module) && !open) return fail(409, START_FIRST);
  const served = open ? servedQuiz(access.quiz, open) : null;
  const quiz = served?.quiz ?? access.quiz;
  const late = isLate(served?.intento.terminaEn ?? null);
  const chosen = typeof answers === "function" ? answers(quiz.questions) : answers;
  const outcome = late ? null : gradeQuiz(quiz.questions, chosen, quiz.course.exigencia);
  if (outcome && !outcome.ok)
    return { ...fail(400, unansweredMessage(outcome.unanswered)), unanswered: outcome.unanswered };
  // Late: graded as submitted at the limit with the answers the server had then, which is none.
  const grade = outcome?.grade ?? {
    correctas: 0,
    totalPreguntas: quiz.questions.length,
    porcentaje: 0,
    aprobado: aprobado(0, quiz.course.exigencia),
    respuestas: [],
  };
  const limit = quiz.module.intentosMaximos;
  // The attempts before this one, counted in its own transaction (null: unlimited, not counted).
  const stored = await prisma.$transaction(async (tx) => {
    let before: number | null = null;
    // The limit holds under concurrent submissions (and starts): the module's row is locked first
    // (a no-op write; SQLite's transactions are BEGIN IMMEDIATE anyway), so the count below
    // includes every attempt committed before this one, at READ COMMITTED too.
    if (open || limit !== null)
      await tx.$executeRaw`UPDATE "Module" SET "intentosMaximos" = "intentosMaximos" WHERE "id" = ${quiz.module.id}`;
    if (open) {
      // The open attempt is used up once: a second submission of it finds nothing to delete. It
      // was counted toward the limit when it started.
      if ((await tx.openAttempt.deleteMany({ where: { id: open.id } })).count === 0) return "gone" as const;
      if (limit !== null) before = await tx.quizAttempt.count({ where: { userId, moduloId: quiz.module.id } });
    } else if (limit !== null) {
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
  if (stored === "gone") return fail(409, START_FIRST);
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
    preguntas: publicQuestions(quiz.questions),
    fueraDeTiempo: late,
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
