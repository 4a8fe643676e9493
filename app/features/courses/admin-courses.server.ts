// Course administration (docs/product.md#admin-panel, docs/product.md#publishing-and-deletion): the table, publishing,
// permanent deletion (rows and files; issued certificates stay). The participants are the
// enrolment's (features/enrolment/participants.server.ts).
// Admin-only: callers guard first.
import { audit } from "~/features/audit/audit.server.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fetchKeysetPage, pageCursors, fetchOffsetPage, rowsInOrder, type Cursor } from "~/lib/keyset.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { queryWords } from "~/lib/search-text.ts";
import { COURSE_WORDS, countDense, findMatches, hasEveryWord } from "~/features/search/word-search.server.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { courseSearchWords, courseTitleFields } from "./title-search.ts";

export { DELETE_COURSE_FAILED, PUBLISH_FAILED } from "./admin-texts.ts";
const ADMIN_COURSES_PAGE_SIZE = 25;

const adminCourseSelect = {
  id: true,
  titulo: true,
  dirigidoA: true,
  estado: true,
  cantidadParticipantes: true,
  fechaInicio: true,
  fechaTermino: true,
  createdAt: true,
} as const;
const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];
const oldestFirst = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * The admin's course table, newest first, 25 a page. `q` keeps the courses with a word starting
 * with each of its words, ignoring case and accents ('programacion' finds 'Introducción a la
 * programación'), in the title, the welcome text, the tools or what learners will learn: prefix
 * ranges of the CourseWord index (features/search/word-search.server.ts), never a read of every course
 * (docs/decisions/009-flat-cost-at-scale.md). The unfiltered count is the Tally.
 */
export async function listAdminCourses({
  page = 1,
  q = "",
  cursor = null,
}: { page?: number; q?: string; cursor?: Cursor | null } = {}) {
  const words = queryWords(q);
  const skip = (Math.max(1, page) - 1) * ADMIN_COURSES_PAGE_SIZE;
  let courses;
  let total: number;
  let totalExact = true;
  const matches = words.length > 0 ? await findMatches(COURSE_WORDS, words) : null;
  if (matches && "ids" in matches) {
    // Few matches: read by id and sorted (at most DENSE_SEARCH of them).
    total = matches.ids.length;
    courses =
      total === 0
        ? []
        : await prisma.course.findMany({
            where: { id: { in: matches.ids } },
            orderBy: newestFirst,
            skip,
            take: ADMIN_COURSES_PAGE_SIZE,
            select: adminCourseSelect,
          });
  } else if (matches) {
    // Many (a word like "curso"): the newest-first (createdAt, id) index walked, ids alone, each
    // course looked up for each word (hasEveryWord), up to the page; then its rows by id. At that
    // density a page is found within a few thousand entries.
    let count;
    [courses, count] = await Promise.all([
      prisma.$queryRaw<Array<{ id: string }>>`SELECT c."id" FROM "Course" c
        WHERE ${hasEveryWord(COURSE_WORDS, 'c."id"', matches.dense)}
        ORDER BY c."createdAt" DESC, c."id" DESC LIMIT ${ADMIN_COURSES_PAGE_SIZE} OFFSET ${skip}`.then((page) =>
        rowsInOrder(
          page.map((row) => row.id),
          (ids) => prisma.course.findMany({ where: { id: { in: ids } }, select: adminCourseSelect }),
        ),
      ),
      countDense(COURSE_WORDS, words),
    ]);
    ({ total, exact: totalExact } = count);
  } else {
    total = await countAllCourses();
    if (cursor || page <= 1) {
      // The whole table by its page links: a range of the (createdAt, id) index from the cursor,
      // so page 2 000 costs what page 1 costs (lib/keyset.ts).
      const found = await fetchKeysetPage(1, cursor, ADMIN_COURSES_PAGE_SIZE, (_range, query) =>
        prisma.course.findMany({
          where: query.where,
          orderBy: query.orderBy as Array<{ createdAt: "asc" | "desc" } | { id: "asc" | "desc" }>,
          take: query.take,
          select: adminCourseSelect,
        }),
      );
      courses = found.rows;
    } else {
      // A typed ?page=N without its cursor: the (createdAt, id) entries before it (or after it,
      // past the middle) are skipped, ids only, then the page's rows are read by id (lib/keyset.ts).
      courses = await fetchOffsetPage(
        { skip, take: ADMIN_COURSES_PAGE_SIZE, total },
        ({ skip, take, reverse }) =>
          prisma.course.findMany({ orderBy: reverse ? oldestFirst : newestFirst, skip, take, select: { id: true } }),
        (ids) => prisma.course.findMany({ where: { id: { in: ids } }, select: adminCourseSelect }),
      );
    }
  }
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_COURSES_PAGE_SIZE));
  return {
    courses,
    total,
    totalExact,
    page,
    q,
    pageCount,
    // A search's pages stay numbered (its matches are few, or found near the top of the index).
    cursors: words.length > 0 ? { prev: null, next: null } : pageCursors(courses, page, pageCount),
  };
}

/** Every course, from the Tally rows the database keeps (prisma/schema.prisma). */
async function countAllCourses() {
  const { _sum } = await prisma.tally.aggregate({
    where: { key: { gte: "course:", lt: "course;" } },
    _sum: { n: true },
  });
  return Math.max(0, _sum.n ?? 0);
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

/** borrador → publicado (offered only while not published; publishing twice is harmless). */
export async function publishCourse(admin: { id: string }, id: string, request: Request): Promise<Result> {
  const [{ count }] = await prisma.$transaction([
    prisma.course.updateMany({
      where: { id, estado: { not: "publicado" } },
      data: { estado: "publicado", publicadoEn: new Date() },
    }),
    bumpCatalog(),
  ]);
  if (count === 0) {
    const exists = await prisma.course.count({ where: { id } });
    return exists ? ok() : fail(404, COURSE_NOT_FOUND);
  }
  await audit(request, "course.publish", { actorId: admin.id, targetType: "course", targetId: id });
  return ok();
}

/**
 * Permanent: the course, its modules, their files on disk, links, questions, attempts and
 * enrolments. Issued certificates are permanent records and stay: the database detaches them
 * (cursoId = null) and each keeps its frozen holder, title, hours, date, code and stored PDF, so
 * /certificados/{codigo} and its PDF keep working. Only the course's own files are deleted here.
 */
export async function deleteCourse(admin: { id: string }, id: string, request: Request): Promise<Result> {
  const course = await prisma.course.findUnique({
    where: { id },
    select: {
      titulo: true,
      imagen: true,
      modulos: { select: { archivos: { select: { storageKey: true } } } },
    },
  });
  if (!course) return fail(404, COURSE_NOT_FOUND);
  // Modules, attempts and enrolments cascade; certificates are set null.
  await prisma.$transaction([prisma.course.delete({ where: { id } }), bumpCatalog()]);
  const keys = [course.imagen, ...course.modulos.flatMap((m) => m.archivos.map((f) => f.storageKey))];
  await Promise.all(keys.map((key) => deleteStoredLogged(key)));
  await audit(request, "course.delete", {
    actorId: admin.id,
    targetType: "course",
    targetId: id,
    detail: course.titulo,
  });
  return { ok: true };
}
