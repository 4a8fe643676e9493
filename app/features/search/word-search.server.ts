// Searches on a word index (BookWord, CourseWord, UserWord: one row per distinct word of a row's
// searchable text, app/lib/search-text.ts searchWords; primary key (owner, word), an index
// starting with word). A query word matches a row when one of its words starts with it (a prefix
// range of that index); several words must all match. docs/decisions/009-flat-cost-at-scale.md.
//
// A search costs what its matches cost: each word's range is counted up to DENSE_SEARCH + 1
// entries. When one word is rare, its range gives the candidates and each other word is checked
// for them by primary key (sparseOwners: at most DENSE_SEARCH ids). When every word is common, the
// caller walks its list's newest-first index with an EXISTS per word (hasWordFilter) and stops
// at the page; the count reads the longest word's range up to SEARCH_COUNT_CAP matches
// (countDense): past it, lists say 'más de 1000' and page through the first 1000.
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { prefixRange } from "~/lib/search-text.ts";

/** Above this many index entries for every query word, a search walks the list's own index. */
export const DENSE_SEARCH = 1000;

/** A word table and the column naming its row. */
export type WordIndex =
  | { table: "BookWord"; owner: "bookId" }
  | { table: "CourseWord"; owner: "courseId" }
  | { table: "UserWord"; owner: "userId" };

export const BOOK_WORDS: WordIndex = { table: "BookWord", owner: "bookId" };
export const COURSE_WORDS: WordIndex = { table: "CourseWord", owner: "courseId" };
export const USER_WORDS: WordIndex = { table: "UserWord", owner: "userId" };

/** A restriction of the matches by their row (the catalog's visibility): joined after the words. */
export type OwnerFilter = { join: Prisma.Sql; where: Prisma.Sql };

/** Prisma's "one of the row's words starts with `word`": an EXISTS on the primary key (owner, word). */
export const hasWordFilter = (word: string) => ({ words: { some: { word: prefixRange(word) } } });

/** SQL: `alias.word` in the range of words starting with `word` (prefixRange's bounds). */
export function wordRange(alias: string, word: string) {
  const column = Prisma.raw(`${alias}."word"`);
  return Prisma.sql`${column} >= ${word} AND ${column} < ${`${word}\uffff`}`;
}

/** SQL: "and the row of `w` also has a word starting with each of `words`" (primary-key probes). */
export function alsoHas(index: WordIndex, words: string[]) {
  if (words.length === 0) return Prisma.empty;
  return Prisma.join(
    words.map((word, i) => {
      const alias = `o${i}`;
      return Prisma.sql` AND EXISTS (SELECT 1 FROM ${Prisma.raw(`"${index.table}" ${alias}`)}
        WHERE ${Prisma.raw(`${alias}."${index.owner}" = w."${index.owner}"`)} AND ${wordRange(alias, word)})`;
    }),
    "",
  );
}

/** Each word with its range's size counted up to DENSE_SEARCH + 1 entries, rarest first. */
export async function rarestFirst(index: WordIndex, words: string[]) {
  const table = Prisma.raw(`"${index.table}"`);
  const counts = await Promise.all(
    words.map(
      (word) =>
        prisma.$queryRaw<Array<{ n: number | bigint | string }>>`SELECT COUNT(*) AS n FROM
        (SELECT 1 FROM ${table} w WHERE ${wordRange("w", word)} LIMIT ${DENSE_SEARCH + 1}) x`,
    ),
  );
  return words.map((word, i) => ({ word, n: Number(counts[i]![0]?.n ?? 0) })).sort((a, b) => a.n - b.n);
}

/**
 * The ids of the rows matching every word (and `filter`), when one word's range holds at most
 * DENSE_SEARCH entries: that range is read from the (word, owner) index, the other words are
 * checked by primary key, the filter's row by its primary key (CROSS JOIN: the words lead on
 * SQLite too). null when every word is common.
 */
export async function sparseOwners(index: WordIndex, words: string[], filter?: OwnerFilter) {
  const [rarest, ...others] = await rarestFirst(index, words);
  if (!rarest || rarest.n > DENSE_SEARCH) return null;
  const owner = Prisma.raw(`w."${index.owner}"`);
  const rows = await prisma.$queryRaw<Array<{ id: string }>>`SELECT DISTINCT ${owner} AS "id"
    FROM ${Prisma.raw(`"${index.table}"`)} w${filter ? filter.join : Prisma.empty}
    WHERE ${wordRange("w", rarest.word)}${alsoHas(
      index,
      others.map((o) => o.word),
    )}${filter ? Prisma.sql` AND ${filter.where}` : Prisma.empty}`;
  return rows.map((row) => row.id);
}

/**
 * A search's count: exact up to SEARCH_COUNT_CAP matches; past it, `total` is the cap and `exact`
 * false (the lists say 'más de 1000' and page through the first SEARCH_COUNT_CAP, like the
 * search engines people know). Counting every match of a common word made a search cost what
 * its matches cost: 72 ms for 'programacion' among 100 000 courses, 2.6 ms with the cap.
 */
export type SearchCount = { total: number; exact: boolean };

/** Past this many matches a search's count stops (SearchCount). */
export const SEARCH_COUNT_CAP = 1000;

/** The count of a search whose matches are all known (at most SEARCH_COUNT_CAP of them). */
export const exactCount = (total: number): SearchCount => ({ total, exact: true });

/**
 * How many rows match every word (and `filter`) when they are all common, up to
 * SEARCH_COUNT_CAP: the rows of the longest word's range (likely the rarest), each checked for
 * the others by primary key, until one more than the cap is found. When that range holds a
 * single word (its first and last entries say so), a row is in it once and its entries are
 * counted as they are; otherwise they are made distinct.
 * At most SEARCH_COUNT_CAP + 1 matches are read. Plain SQL, the same on SQLite and PostgreSQL.
 */
export async function countDense(index: WordIndex, words: string[], filter?: OwnerFilter): Promise<SearchCount> {
  const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const table = Prisma.raw(`"${index.table}"`);
  const edge = async (dir: "ASC" | "DESC") => {
    const [row] = await prisma.$queryRaw<Array<{ word: string }>>`SELECT w."word" FROM ${table} w
      WHERE ${wordRange("w", first!)} ORDER BY w."word" ${Prisma.raw(dir)} LIMIT 1`;
    return row?.word;
  };
  const [lowest, highest] = await Promise.all([edge("ASC"), edge("DESC")]);
  const selected = Prisma.raw(lowest === highest ? "1" : `DISTINCT w."${index.owner}"`);
  const [row] = await prisma.$queryRaw<Array<{ n: number | bigint | string }>>`
    SELECT COUNT(*) AS n FROM (SELECT ${selected} FROM ${table} w${filter ? filter.join : Prisma.empty}
    WHERE ${wordRange("w", first!)}${alsoHas(index, rest)}${filter ? Prisma.sql` AND ${filter.where}` : Prisma.empty}
    LIMIT ${SEARCH_COUNT_CAP + 1}) m`;
  const n = Number(row?.n ?? 0);
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, exact: false } : exactCount(n);
}
