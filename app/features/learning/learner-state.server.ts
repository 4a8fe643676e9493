// The learner state of every course on a page, for one signed-in viewer, in two queries
// whatever the page's size: their enrolments and their certificates among the listed course
// ids. A certificate wins: it is permanent, even after leaving the course. Visitors get {} (and
// only visitors' pages are kept by the anonymous page cache, app/lib/page-cache.server.ts).
import { diplomaPath } from "~/features/certificates/certificates.server.ts";
import type { CourseState, Viewer } from "~/features/courses/rules.ts";
import { audienceForLabel } from "~/features/courses/audience.ts";
import { enrolmentDecision } from "~/features/enrolment/rules.ts";
import { prisma } from "~/lib/db.server.ts";
import { displayProgress } from "~/features/enrolment/progress.ts";
import { continueHref, nextModuleIndex, type LearnerStates } from "./learner-state.ts";

export async function learnerStates(viewer: Viewer, courseIds: readonly string[]): Promise<LearnerStates> {
  if (!viewer || courseIds.length === 0) return {};
  const ids = [...new Set(courseIds)];
  const [enrolments, certificates] = await Promise.all([
    prisma.enrolment.findMany({
      where: { userId: viewer.id, cursoId: { in: ids } },
      select: { cursoId: true, progreso: true },
    }),
    certificatesByCourse(viewer.id, ids),
  ]);
  const states: LearnerStates = {};
  for (const e of enrolments) states[e.cursoId] = { estado: "inscrito", progreso: displayProgress(e.progreso) };
  for (const [cursoId, certificado] of certificates) states[cursoId] = { estado: "finalizado", certificado };
  return states;
}

/** One user's certificates among these courses (one query): course id → code and PDF link. */
export async function certificatesByCourse(userId: string, courseIds: readonly string[]) {
  const found = new Map<string, { codigo: string; pdfUrl: string }>();
  if (courseIds.length === 0) return found;
  const rows = await prisma.certificate.findMany({
    where: { userId, cursoId: { in: [...new Set(courseIds)] } },
    select: { cursoId: true, codigo: true },
  });
  for (const r of rows) if (r.cursoId) found.set(r.cursoId, { codigo: r.codigo, pdfUrl: diplomaPath(r.codigo) });
  return found;
}

/**
 * The states of a page of course cards: learnerStates, plus, for a course the signed-in viewer may
 * not take (enrolmentDecision: another audience's), who it is for and why. Visitors get {}.
 */
export async function cardStates(viewer: Viewer, courses: ReadonlyArray<CourseState & { id: string }>) {
  const ids = courses.map((c) => c.id);
  const states = await learnerStates(viewer, ids);
  if (!viewer) return states;
  for (const course of courses) {
    if (states[course.id]) continue;
    const decision = enrolmentDecision(viewer, course);
    if (!decision.ok && decision.reason === "audience") {
      states[course.id] = {
        estado: "otro-publico",
        para: audienceForLabel(course.dirigidoA),
        motivo: decision.message,
      };
    }
  }
  return states;
}

type Cards = ReadonlyArray<CourseState & { id: string }>;

/** The same for a list of course cards (and a search's second tier under it). */
export async function withLearnerStates<T extends { courses: Cards; someWords?: { courses: Cards } | null }>(
  viewer: Viewer,
  list: T,
) {
  return { ...list, learner: await cardStates(viewer, [...list.courses, ...(list.someWords?.courses ?? [])]) };
}

/**
 * Where each course's 'Continuar' leads for this user (nextModuleIndex, the course banner's rule):
 * course id → href, for a whole page in three index-range queries whatever its size.
 */
export async function continueHrefs(userId: string, courseIds: readonly string[]): Promise<Map<string, string>> {
  const hrefs = new Map<string, string>();
  if (courseIds.length === 0) return hrefs;
  const ids = [...new Set(courseIds)];
  const [modules, withQuiz, passes] = await Promise.all([
    prisma.module.findMany({
      where: { cursoId: { in: ids } },
      orderBy: [{ cursoId: "asc" }, { posicion: "asc" }],
      select: { id: true, cursoId: true },
    }),
    prisma.quizQuestion.groupBy({ by: ["moduloId"], where: { modulo: { cursoId: { in: ids } } } }),
    prisma.quizAttempt.findMany({
      where: { userId, cursoId: { in: ids }, aprobado: true },
      select: { moduloId: true },
    }),
  ]);
  const quiz = new Set(withQuiz.map((q) => q.moduloId));
  const passed = new Set(passes.map((p) => p.moduloId));
  const byCourse = new Map<string, Array<{ tieneQuiz: boolean; aprobado: boolean }>>(ids.map((id) => [id, []]));
  for (const m of modules) byCourse.get(m.cursoId)?.push({ tieneQuiz: quiz.has(m.id), aprobado: passed.has(m.id) });
  for (const [id, list] of byCourse) hrefs.set(id, continueHref(nextModuleIndex(list), `/cursos/${id}`));
  return hrefs;
}
