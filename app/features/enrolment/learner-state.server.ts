// The learner state of every course on a page, for one signed-in viewer, in two queries
// whatever the page's size: their enrolments and their certificates among the listed course
// ids. A certificate wins: it is permanent, even after leaving the course. Visitors get {} (and
// only visitors' pages are kept by the anonymous page cache, app/lib/page-cache.server.ts).
import { diplomaPath } from "~/features/certificates/certificates.server.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { prisma } from "~/lib/db.server.ts";
import { displayProgress } from "~/features/courses/rules.ts";
import type { LearnerStates } from "./learner-state.ts";

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

/** The same for a list of course cards. */
export async function withLearnerStates<T extends { courses: ReadonlyArray<{ id: string }> }>(viewer: Viewer, list: T) {
  return {
    ...list,
    learner: await learnerStates(
      viewer,
      list.courses.map((c) => c.id),
    ),
  };
}
