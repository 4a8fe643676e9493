// Course data access for the catalog. (Authoring lives in features/authoring/.)
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { queryWords } from "~/lib/search-text.ts";
import {
  COURSE_WORDS,
  DENSE_SEARCH,
  SEARCH_COUNT_CAP,
  exactCount,
  countDense,
  findMatches,
  hasEveryWord,
  rarestFirst,
  wordRange,
  type OwnerFilter,
  type SearchCount,
} from "~/features/search/word-search.server.ts";
import { fetchKeysetPage, pageCursors, fetchOffsetPage, rowsInOrder, type Cursor } from "~/lib/keyset.ts";
import { readStringList } from "./json-list.ts";
import { canSeeCourse, canSeeDrafts, isInCatalog, NO_TIES, type Ties, type Viewer } from "./rules.ts";

const FEATURED_COUNT = 10;

export const courseCardSelect = {
  id: true,
  titulo: true,
  imagen: true,
  duracionHoras: true,
  dirigidoA: true,
  estado: true,
  visibilidad: true,
  herramientas: true,
  loAprenderan: true,
  cantidadParticipantes: true,
} as const;

type CardRow = Prisma.CourseGetPayload<{ select: typeof courseCardSelect }>;
/** What a list page reads of each course: the card, the key it is paged by, and the admin table's dates. */
const listSelect = { ...courseCardSelect, createdAt: true, fechaInicio: true, fechaTermino: true } as const;
type ListRow = Prisma.CourseGetPayload<{ select: typeof listSelect }>;

export function toCourseCard(row: CardRow) {
  return {
    id: row.id,
    titulo: row.titulo,
    imagenUrl: row.imagen ? `/imagenes/cursos/${row.id}` : null,
    duracionHoras: row.duracionHoras,
    dirigidoA: row.dirigidoA,
    estado: row.estado,
    visibilidad: row.visibilidad,
    herramientas: readStringList(row.herramientas),
    loAprenderan: readStringList(row.loAprenderan),
    cantidadParticipantes: row.cantidadParticipantes,
  };
}
export type CourseCardData = ReturnType<typeof toCourseCard>;

/** The published public courses with the most participants: the top 10 (docs/product.md#course-lists). */
export async function listFeaturedCourses(limit = FEATURED_COUNT) {
  const rows = await prisma.course.findMany({
    where: { estado: "publicado", visibilidad: "publico" },
    // Exactly the index (estado, visibilidad, cantidadParticipantes, createdAt, id) read backwards: the top 10
    // without sorting the published courses, statistics or not.
    orderBy: [{ cantidadParticipantes: "desc" }, { createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: courseCardSelect,
  });
  return rows.map(toCourseCard);
}

/** Reads a viewer's ties to a private course (features/enrolment/access.server.ts, courseTies). */
export type TiesOf = () => Promise<Ties>;
const noTies: TiesOf = async () => NO_TIES;

/**
 * A course's stored image key for the image route, or null (none, or a course this viewer may not
 * see: canSeeCourse, with `ties` read for a private course). `shared`: a shared cache may keep it
 * (the open catalog's only).
 */
export async function courseImageKey(id: string, viewer: Viewer, ties: TiesOf = noTies) {
  const row = await prisma.course.findUnique({
    where: { id },
    select: { imagen: true, estado: true, visibilidad: true, updatedAt: true },
  });
  if (!row?.imagen || !canSeeCourse(viewer, row, row.visibilidad === "privado" ? await ties() : NO_TIES)) return null;
  return { key: row.imagen, updatedAt: row.updatedAt, shared: isInCatalog(row) };
}

export const COURSES_PAGE_SIZE = 24;
const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** A catalog list's viewer; `everyCourse`: the admin's table, private courses too. */
type ListViewer = { viewer: Viewer; everyCourse?: boolean };
const catalogStates = (viewer: Viewer) =>
  canSeeDrafts(viewer) ? ["publicado", "borrador", "en_revision"] : ["publicado"];

/**
 * The index ranges a course list reads: one per (dirigidoA, estado) pair it shows (public courses
 * only: a private course is never in the catalog, docs/decisions/039-private-courses.md), or one
 * for the admin's whole table. Each is a range of an index ending in (createdAt, id)
 * (prisma/schema.prisma), so a page never sorts or skips rows, whatever the catalog's size.
 */
function listRanges({ viewer, everyCourse }: ListViewer, audience?: string) {
  if (everyCourse) return [{}];
  const states = catalogStates(viewer).map((estado) => ({ estado, visibilidad: "publico" }));
  if (!audience) return states;
  return [audience, "general"].flatMap((dirigidoA) => states.map((state) => ({ dirigidoA, ...state })));
}

/**
 * How many courses a list holds: the Tally rows the database keeps (no row is counted). A private
 * course is counted under 'course:privado:{dirigidoA}' (migration private_courses): the admin's table only.
 */
async function countCourses({ viewer, everyCourse }: ListViewer, audience?: string) {
  const tallies = await prisma.tally.findMany({
    where: { key: { gte: "course:", lt: "course;" } },
    select: { key: true, n: true },
  });
  const states = everyCourse ? null : new Set(catalogStates(viewer));
  const audiences = audience ? new Set([audience, "general"]) : null;
  let total = 0;
  for (const { key, n } of tallies) {
    const [, estado = "", dirigidoA = ""] = key.split(":");
    if ((!states || states.has(estado)) && (!audiences || audiences.has(dirigidoA))) total += n;
  }
  return Math.max(0, total);
}

/**
 * The visibility of `listRanges` as SQL on a word row `w`, from the row's copies of its course's
 * estado ('privado' for a private course) and dirigidoA (no course is visited), or undefined for none.
 */
function visibleFilter({ viewer, everyCourse }: ListViewer, audience?: string): OwnerFilter | undefined {
  const conditions = [
    ...(everyCourse
      ? []
      : canSeeDrafts(viewer)
        ? [Prisma.sql`w."estado" IN (${Prisma.join(catalogStates(viewer))})`]
        : [Prisma.sql`w."estado" = ${"publicado"}`]),
    ...(audience ? [Prisma.sql`w."dirigidoA" IN (${audience}, ${"general"})`] : []),
  ];
  if (conditions.length === 0) return undefined;
  return { where: Prisma.join(conditions, " AND ") };
}

type ListQuery = { where: object; orderBy: object[]; take: number };
const readCards = (where: object, query: ListQuery) =>
  prisma.course.findMany({
    where: { AND: [where, query.where] },
    orderBy: query.orderBy as Array<{ createdAt: "asc" | "desc" } | { id: "asc" | "desc" }>,
    take: query.take,
    select: listSelect,
  });

type ListOptions = ListViewer & {
  audience?: string;
  page?: number;
  cursor?: Cursor | null;
  q?: string | null;
  /** A search of several words: the courses with some of them but not all (the second tier). */
  some?: boolean;
  /** On the last page of the courses with every word, the first of those with some (the pages). */
  withSome?: boolean;
};

/**
 * Courses the viewer may see (drafts for docentes and admins only), optionally for one
 * audience (courses for everyone, 'general', are listed under every audience), newest first.
 * With a cursor (the links the pages and the API's Link header give) a page is an index range
 * read from that key; a bare `?page=N` still works by skipping index entries (old links, typed
 * URLs). `q` keeps the courses with a word starting with each of its words (searchCourses).
 */
export async function listCourses(options: ListOptions) {
  const list = await listCourseRows(options);
  return {
    ...list,
    courses: list.rows.map(toCourseCard),
    someWords: list.someWords && { ...list.someWords, courses: list.someWords.rows.map(toCourseCard) },
  };
}

/**
 * listCourses' rows, `size` a page; a page past the last is empty unless `clamp` makes it the
 * last (the admin's table, features/courses/admin-courses.server.ts, reads its own this way).
 */
export async function listCourseRows({
  viewer,
  everyCourse = false,
  audience,
  page = 1,
  cursor = null,
  q = "",
  some = false,
  withSome = false,
  size = COURSES_PAGE_SIZE,
  clamp = true,
}: ListOptions & { size?: number; clamp?: boolean }) {
  const words = queryWords(q);
  const who = { viewer, everyCourse };
  const paging = { who, audience, page, cursor, size, clamp };
  if (words.length > 0) {
    const filter = visibleFilter(who, audience);
    const several = words.length > 1;
    const ranges = listRanges(who, audience);
    const plan = some && several ? await someWordsPlan(words, filter, ranges) : await everyWordPlan(words, filter);
    const found = await searchCourses({ ...paging, plan });
    // Courses with every word first, then those with some of them: the second tier's
    // first page under the first tier's last one, the rest of it at ?alguna=1.
    const next =
      withSome && several && !some && found.page === found.pageCount
        ? await searchCourses({ ...paging, page: 1, cursor: null, plan: await someWordsPlan(words, filter, ranges) })
        : null;
    return {
      ...found,
      /** This page is the second tier (?alguna=1 with several words). */
      someMode: some && several,
      someWords: next && { rows: next.rows, total: next.total, totalExact: next.totalExact, more: next.pageCount > 1 },
    };
  }
  const ranges = listRanges(who, audience);
  const total = await countCourses(who, audience);
  const { pageCount, current } = pages(total, page, size, clamp);
  let rows;
  if (cursor || current === 1) {
    rows = (await fetchKeysetPage(ranges.length, cursor, size, (i, query) => readCards(ranges[i]!, query))).rows;
  } else {
    // No cursor (a typed ?page=N): the entries before this page (or after it, past the middle)
    // are skipped along the list's index ranges merged in order (UNION ALL … ORDER BY: a merge
    // of index walks, never a sort of the list), ids only; then the page's rows are read by id
    // (a deferred join, lib/keyset.ts).
    rows = await fetchOffsetPage(
      { skip: (current - 1) * size, take: size, total },
      ({ skip, take, reverse }) => {
        const way = reverse ? Prisma.sql`ASC` : Prisma.sql`DESC`;
        const arms = ranges.map((r) => Prisma.sql`SELECT c."id", c."createdAt" FROM "Course" c WHERE ${rangeSql(r)}`);
        return prisma.$queryRaw<Array<{ id: string }>>`${Prisma.join(arms, " UNION ALL ")}
          ORDER BY "createdAt" ${way}, "id" ${way} LIMIT ${take} OFFSET ${skip}`;
      },
      (ids) => prisma.course.findMany({ where: { id: { in: ids } }, select: listSelect }),
    );
  }
  return {
    rows,
    total,
    totalExact: true,
    page: current,
    pageCount,
    cursors: pageCursors(rows, current, pageCount),
    someMode: false,
    someWords: null,
  };
}

/** How many pages `total` rows make, and the page shown (clamped to them, or as asked). */
function pages(total: number, page: number, size: number, clamp: boolean) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  return { pageCount, current: clamp ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page) };
}

/** SQL of one of listRanges' ranges (an exact value per column) on `c`. */
function rangeSql(range: { estado?: string; dirigidoA?: string; visibilidad?: string }) {
  const conditions = [
    ...(range.estado === undefined ? [] : [Prisma.sql`c."estado" = ${range.estado}`]),
    ...(range.visibilidad === undefined ? [] : [Prisma.sql`c."visibilidad" = ${range.visibilidad}`]),
    ...(range.dirigidoA === undefined ? [] : [Prisma.sql`c."dirigidoA" = ${range.dirigidoA}`]),
  ];
  return conditions.length === 0 ? Prisma.sql`1 = 1` : Prisma.join(conditions, " AND ");
}

/** SQL of keysetQuery's range and order on `c` (the rows after or before the cursor's key). */
function keysetSql(cursor: Cursor | null) {
  if (!cursor) return { where: Prisma.sql`1 = 1`, order: Prisma.sql`c."createdAt" DESC, c."id" DESC` };
  if ("desde" in cursor) {
    const { createdAt, id } = cursor.desde;
    return {
      where: Prisma.sql`(c."createdAt" < ${createdAt} OR (c."createdAt" = ${createdAt} AND c."id" < ${id}))`,
      order: Prisma.sql`c."createdAt" DESC, c."id" DESC`,
    };
  }
  const { createdAt, id } = cursor.antes;
  return {
    where: Prisma.sql`(c."createdAt" > ${createdAt} OR (c."createdAt" = ${createdAt} AND c."id" > ${id}))`,
    order: Prisma.sql`c."createdAt" ASC, c."id" ASC`,
  };
}

const readCardsById = (ids: string[]) =>
  rowsInOrder(ids, (page) => prisma.course.findMany({ where: { id: { in: page } }, select: listSelect }));

/** A dense search's page along one of the list's ranges: ids walked from the cursor, then the cards by id. */
async function readDenseCards(
  range: { estado?: string; dirigidoA?: string; visibilidad?: string },
  matching: Prisma.Sql,
  cursor: Cursor | null,
  take: number,
) {
  const keyset = keysetSql(cursor);
  const page = await prisma.$queryRaw<Array<{ id: string }>>`SELECT c."id" FROM "Course" c
    WHERE ${rangeSql(range)} AND ${keyset.where} AND ${matching}
    ORDER BY ${keyset.order} LIMIT ${take}`;
  return readCardsById(page.map((row) => row.id));
}

/**
 * How a search finds its courses: their ids when few (read from the word index), else the SQL
 * condition on `c."id"` a walk of the list's own index checks per row, with the count.
 */
type SearchPlan = { ids: string[] } | { matching: Prisma.Sql; count: SearchCount };

/** The courses with a word starting with each query word (the first tier, and a one-word search). */
async function everyWordPlan(words: string[], filter: OwnerFilter | undefined): Promise<SearchPlan> {
  const matches = await findMatches(COURSE_WORDS, words, filter);
  if ("ids" in matches) return matches;
  return {
    matching: hasEveryWord(COURSE_WORDS, 'c."id"', matches.dense),
    count: await countDense(COURSE_WORDS, words, filter),
  };
}

/**
 * The second tier: courses with a word starting with some query words but not all ('contraseñas
 * seguras' finds the courses about either). Few entries (≤ DENSE_SEARCH): the words' union from
 * the word index less the first tier's ids; else walked and counted as a dense search.
 */
async function someWordsPlan(
  words: string[],
  filter: OwnerFilter | undefined,
  ranges: ReturnType<typeof listRanges>,
): Promise<SearchPlan> {
  const counted = await rarestFirst(COURSE_WORDS, words);
  const visible = filter ? Prisma.sql` AND ${filter.where}` : Prisma.empty;
  if (counted.reduce((sum, word) => sum + word.n, 0) <= DENSE_SEARCH) {
    const [union, every] = await Promise.all([
      // One range of the word index per word (each as findMatches reads its rarest), merged by UNION.
      prisma.$queryRaw<Array<{ id: string }>>`${Prisma.join(
        words.map(
          (word) => Prisma.sql`SELECT w."courseId" AS "id" FROM "CourseWord" w WHERE ${wordRange("w", word)}${visible}`,
        ),
        " UNION ",
      )}`,
      findMatches(COURSE_WORDS, words, filter),
    ]);
    const all = new Set("ids" in every ? every.ids : []);
    return { ids: union.map((row) => row.id).filter((id) => !all.has(id)) };
  }
  const any = Prisma.join(
    counted.map((word) => hasEveryWord(COURSE_WORDS, 'c."id"', [word])),
    " OR ",
  );
  const matching = Prisma.sql`(${any}) AND NOT (${hasEveryWord(COURSE_WORDS, 'c."id"', counted)})`;
  const [row] = await prisma.$queryRaw<Array<{ n: number | bigint | string }>>`SELECT COUNT(*) AS n FROM
    (SELECT 1 FROM "Course" c WHERE (${Prisma.join(ranges.map(rangeSql), " OR ")}) AND ${matching}
    LIMIT ${SEARCH_COUNT_CAP + 1}) m`;
  const n = Number(row?.n ?? 0);
  return { matching, count: n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, exact: false } : exactCount(n) };
}

/**
 * A catalog search's page (/cursos?q=, the audience lists, the API lists): the list's courses the
 * `plan` matches (everyWordPlan, or someWordsPlan for the second tier), newest first, paged by the
 * same cursors. Few matches (a rare word): the page read among their ids; many: the list's own
 * index ranges walked, ids alone, each course looked up per word, up to the page (decision 009).
 */
async function searchCourses({
  who,
  audience,
  page,
  cursor,
  size,
  clamp,
  plan,
}: {
  who: ListViewer;
  audience?: string;
  page: number;
  cursor: Cursor | null;
  size: number;
  clamp: boolean;
  plan: SearchPlan;
}) {
  const ranges = listRanges(who, audience);
  // Exact up to SEARCH_COUNT_CAP matches; past it the pages reach the newest SEARCH_COUNT_CAP.
  const { total, exact } = "ids" in plan ? exactCount(plan.ids.length) : plan.count;
  const { pageCount, current } = pages(total, page, size, clamp);
  let rows: ListRow[] = [];
  if (total === 0) rows = [];
  else if ("ids" in plan) {
    // Few matches: the page among them, by id (from the cursor, or skipping a typed ?page=N).
    const among = { id: { in: plan.ids } };
    if (cursor || current === 1) {
      rows = (await fetchKeysetPage(1, cursor, size, (_i, query) => readCards(among, query))).rows;
    } else {
      const skip = (current - 1) * size;
      rows = await prisma.course.findMany({ where: among, orderBy: newestFirst, skip, take: size, select: listSelect });
    }
  } else if (cursor || current === 1) {
    const found = await fetchKeysetPage(ranges.length, cursor, size, (i, query) =>
      readDenseCards(ranges[i]!, plan.matching, cursor, query.take),
    );
    rows = found.rows;
  } else {
    // A typed ?page=N: the matches before it are skipped along the walk (at most
    // SEARCH_COUNT_CAP of them, near the top of it), ids alone.
    const page = await prisma.$queryRaw<Array<{ id: string }>>`SELECT c."id" FROM "Course" c
      WHERE (${Prisma.join(ranges.map(rangeSql), " OR ")}) AND ${plan.matching}
      ORDER BY c."createdAt" DESC, c."id" DESC LIMIT ${size} OFFSET ${(current - 1) * size}`;
    rows = await readCardsById(page.map((row) => row.id));
  }
  return {
    rows,
    total,
    totalExact: exact as boolean,
    page: current,
    pageCount,
    cursors: pageCursors(rows, current, pageCount),
  };
}

/** How many are enrolled, for a viewer who may see the course (`ties` read for a private one). */
export async function participantCount(id: string, viewer: Viewer, ties: TiesOf = noTies) {
  const course = await prisma.course.findUnique({
    where: { id },
    select: { estado: true, visibilidad: true, cantidadParticipantes: true },
  });
  if (!course || !canSeeCourse(viewer, course, course.visibilidad === "privado" ? await ties() : NO_TIES)) return null;
  return course.cantidadParticipantes;
}
