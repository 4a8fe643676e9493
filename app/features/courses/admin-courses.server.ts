// Course administration (docs/product.md#admin-panel, docs/product.md#publishing-and-deletion): the table, publishing,
// permanent deletion (rows and files; issued certificates stay). The participants are the
// enrolment's (features/enrolment/participants.server.ts).
// Admin-only: callers guard first.
import { audit } from "~/features/audit/audit.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { chunks } from "~/lib/chunks.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import type { Cursor } from "~/lib/keyset.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { courseSearchWords, courseTitleFields } from "./title-search.ts";
import { listCourseRows } from "./courses.server.ts";
import { courseExists } from "./team.server.ts";

export { DELETE_COURSE_FAILED, PUBLISH_FAILED } from "./admin-texts.ts";
const ADMIN_COURSES_PAGE_SIZE = 25;
/** The table lists every course, drafts and private courses too: an admin's view of the catalog. */
const EVERY_COURSE = { id: "", rol: "admin" } as const;

/**
 * The admin's course table, newest first, 25 a page: every course, read as the catalog reads
 * an admin's list (features/courses/courses.server.ts: its index ranges, its cursors, its word
 * search in the title, the welcome text, the tools or what learners will learn, accents and case
 * ignored; decision 009). A page past the last is empty.
 */
export async function listAdminCourses({
  page = 1,
  q = "",
  cursor = null,
}: { page?: number; q?: string; cursor?: Cursor | null } = {}) {
  const {
    rows,
    someMode: _tier,
    someWords: _more,
    ...list
  } = await listCourseRows({
    viewer: EVERY_COURSE,
    everyCourse: true,
    page,
    q,
    cursor,
    size: ADMIN_COURSES_PAGE_SIZE,
    clamp: false,
  });
  // The table's columns: not the card's image, hours and lists.
  const courses = rows.map(({ imagen: _i, duracionHoras: _h, herramientas: _t, loAprenderan: _l, ...row }) => row);
  return { ...list, courses, q };
}

/**
 * Fills tituloBusqueda for rows written before the column existed (the migration adds it
 * empty): at start, a batch at a time through the index, with the one normalisation.
 */
export async function backfillCourseSearch(batch = 500) {
  for (;;) {
    const rows = await prisma.course.findMany({
      where: { tituloBusqueda: "", titulo: { not: "" } },
      select: { id: true, titulo: true },
      take: batch,
    });
    if (rows.length === 0) return;
    await prisma.$transaction(
      rows.map((r) => prisma.course.update({ where: { id: r.id }, data: courseTitleFields(r.titulo) })),
    );
  }
}

/**
 * Fills CourseWord for courses written before the table existed (or by a writer that skipped
 * courseWordsCreate): at start, a batch at a time in id order, with the one normalisation.
 */
export async function backfillCourseWords(batch = 200) {
  let after = "";
  for (;;) {
    const rows = await prisma.course.findMany({
      where: { id: { gt: after }, words: { none: {} } },
      orderBy: { id: "asc" },
      select: { id: true, titulo: true, bienvenida: true, herramientas: true, loAprenderan: true },
      take: batch,
    });
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    await prisma.courseWord.createMany({
      data: rows.flatMap((row) => courseSearchWords(row).map((word) => ({ courseId: row.id, word }))),
    });
  }
}

export function getCourseTitle(id: string) {
  return prisma.course.findUnique({ where: { id }, select: { id: true, titulo: true, estado: true } });
}

/**
 * borrador → publicado in the open catalog (offered only while not there; publishing twice is
 * harmless). A private course becomes public (docs/decisions/039-private-courses.md).
 */
export async function publishCourse(admin: { id: string }, id: string, request: Request): Promise<Result> {
  const [{ count }] = await prisma.$transaction([
    prisma.course.updateMany({
      where: { id, OR: [{ estado: { not: "publicado" } }, { visibilidad: "privado" }] },
      data: { estado: "publicado", visibilidad: "publico", publicadoEn: new Date() },
    }),
    bumpCatalog(),
  ]);
  if (count === 0) return (await courseExists(id)) ? ok() : fail(404, COURSE_NOT_FOUND);
  await audit(request, "course.publish", { actorId: admin.id, targetType: "course", targetId: id });
  return ok();
}

/**
 * The keys of the stored files of rows a feature above this one keeps for a course (tareas'
 * attachments and hand-ins), read in the deletion's transaction before the rows cascade away:
 * courses cannot import those features, so each caller of deleteCourse passes them in.
 */
export type CourseDependentFiles = (tx: Prisma.TransactionClient, cursoId: string) => Promise<string[]>;

/**
 * Permanent: the course, its modules, their files on disk, links, questions, attempts and
 * enrolments, and the files `dependentFiles` names. Issued certificates are permanent records and
 * stay: the database detaches them (cursoId = null) and each keeps its frozen holder, title, hours,
 * date, code and stored PDF, so /certificados/{codigo} and its PDF keep working.
 */
export async function deleteCourse(
  admin: { id: string },
  id: string,
  request: Request,
  dependentFiles: CourseDependentFiles,
): Promise<Result> {
  const course = await prisma.course.findUnique({
    where: { id },
    select: {
      titulo: true,
      imagen: true,
      modulos: { select: { archivos: { select: { storageKey: true } } } },
    },
  });
  if (!course) return fail(404, COURSE_NOT_FOUND);
  // Modules, attempts, enrolments and tareas cascade; certificates are set null.
  const dependents = await prisma.$transaction(async (tx) => {
    const keys = await dependentFiles(tx, id);
    await tx.course.delete({ where: { id } });
    await bumpCatalog(tx);
    return keys;
  });
  const keys = [course.imagen, ...course.modulos.flatMap((m) => m.archivos.map((f) => f.storageKey)), ...dependents];
  for (const part of chunks(keys, 16)) await Promise.all(part.map((key) => deleteStoredLogged(key)));
  await audit(request, "course.delete", {
    actorId: admin.id,
    targetType: "course",
    targetId: id,
    detail: course.titulo,
  });
  return { ok: true };
}
