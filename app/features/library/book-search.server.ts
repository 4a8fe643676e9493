// The library's lists and search (docs/product.md#library, docs/product.md#api-library): newest
// first, paged; a search is accent- and case-insensitive and reads the BookWord index: every
// query word must start one of the book's words (title + author, ./book-words.ts).
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { readTally } from "~/lib/db/tally.server.ts";
import { fetchOffsetPage, rowsInOrder } from "~/lib/keyset.ts";
import { normalizeSearch, queryWords } from "~/lib/search-text.ts";
import {
  alsoHas,
  BOOK_WORDS,
  countDense,
  DENSE_SEARCH,
  exactCount,
  hasEveryWord,
  type CountedWord,
  rarestFirst,
  wordRange,
} from "~/features/search/word-search.server.ts";
import { bookSelect, toBookJson, toBookView, type BookRow } from "./book-rows.server.ts";
import { searchWords } from "./book-words.ts";

export { DENSE_SEARCH, normalizeSearch };

export const PAGE_SIZE = 12;
/** GET /api/books/libros answers 50 books a page (?page=N; Link header, X-Total-Count). */
export const API_PAGE_SIZE = 50;
const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];
const oldestFirst = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * One page of the books matching every word, and how many match, when one word is rare enough:
 * its range of the (word, createdAt, bookId) index (at most DENSE_SEARCH entries) gives the ids and
 * their order, each other word checked by primary key. When every word is common: the words with
 * their counts, for the newest-first walk (matchingBooks).
 */
async function sparsePage(
  words: string[],
  skip: number,
  take: number,
): Promise<{ dense: CountedWord[] } | { ids: string[]; total: number }> {
  const order = await rarestFirst(BOOK_WORDS, words);
  if (order[0]!.n > DENSE_SEARCH) return { dense: order };
  const [rarest, ...others] = order;
  const otherWords = others.map((o) => o.word);
  const matches = Prisma.sql`SELECT w."bookId" AS "id", MAX(w."createdAt") AS "createdAt" FROM "BookWord" w
    WHERE ${wordRange("w", rarest!.word)}${alsoHas(BOOK_WORDS, otherWords)} GROUP BY w."bookId"`;
  const [counted, page] = await Promise.all([
    prisma.$queryRaw<Array<{ n: number | bigint | string }>>`SELECT COUNT(*) AS n FROM (${matches}) m`,
    prisma.$queryRaw<Array<{ id: string }>>`SELECT m."id" FROM (${matches}) m
      ORDER BY m."createdAt" DESC, m."id" DESC LIMIT ${take} OFFSET ${skip}`,
  ]);
  return { ids: page.map((row) => row.id), total: Number(counted[0]?.n ?? 0) };
}

/**
 * The books matching every word, newest first, `take` of them after `skip`, and how many match.
 * Many matches: the newest-first walk stops at the page, and the count at SEARCH_COUNT_CAP.
 */
async function matchingBooks(words: string[], skip: number, take: number) {
  const sparse = await sparsePage(words, skip, take);
  const byId = (ids: string[]) =>
    rowsInOrder(ids, (page) => prisma.book.findMany({ where: { id: { in: page } }, select: bookSelect }));
  if ("ids" in sparse) return { books: await byId(sparse.ids), count: exactCount(sparse.total) };
  const [books, count] = await Promise.all([
    prisma.$queryRaw<Array<{ id: string }>>`SELECT b."id" FROM "Book" b
      WHERE ${hasEveryWord(BOOK_WORDS, 'b."id"', sparse.dense)}
      ORDER BY b."createdAt" DESC, b."id" DESC LIMIT ${take} OFFSET ${skip}`.then((page) =>
      byId(page.map((row) => row.id)),
    ),
    countDense(BOOK_WORDS, words),
  ]);
  return { books, count };
}

type PageQuery = { q?: string | null; page?: number; pageSize?: number };

/** One page of books (newest first), optionally filtered by a title/author search. */
export async function listBooks(query: PageQuery) {
  const { rows, ...list } = await bookPage(query);
  return { books: rows.map(toBookView), ...list };
}

/** GET /api/books/libros: one page of books (API_PAGE_SIZE), as the API's Book shape. */
export async function searchBooksJson(q?: string | null, page = 1) {
  const { rows, ...list } = await bookPage({ q, page, pageSize: API_PAGE_SIZE });
  return { books: rows.map(toBookJson), ...list };
}

async function bookPage({ q, page = 1, pageSize = PAGE_SIZE }: PageQuery): Promise<{
  rows: BookRow[];
  total: number;
  /** false when a search has more than SEARCH_COUNT_CAP matches (`total` is then the cap). */
  totalExact: boolean;
  page: number;
  pageCount: number;
  q: string;
}> {
  const words = queryWords(q);
  const wanted = Math.max(1, page);
  const skip = (wanted - 1) * pageSize;
  let books: BookRow[];
  let total: number;
  let totalExact = true;
  if (words.length > 0) {
    let count;
    ({ books, count } = await matchingBooks(words, skip, pageSize));
    ({ total, exact: totalExact } = count);
  } else {
    total = await readTally("book:all"); // the Tally row the database keeps
    // Page 1 is the top of the (createdAt, id) index; a later one skips that index's entries
    // from the nearer end (ids only), then reads its rows by id (a deferred join, lib/keyset.ts).
    books =
      skip === 0
        ? await prisma.book.findMany({ orderBy: newestFirst, take: pageSize, select: bookSelect })
        : await fetchOffsetPage(
            { skip, take: pageSize, total },
            ({ skip, take, reverse }) =>
              prisma.book.findMany({ orderBy: reverse ? oldestFirst : newestFirst, skip, take, select: { id: true } }),
            (ids) => prisma.book.findMany({ where: { id: { in: ids } }, select: bookSelect }),
          );
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(wanted, pageCount);
  // A page past the end shows the last one.
  if (current !== wanted) return bookPage({ q, page: current, pageSize });
  return { rows: books, total, totalExact, page: current, pageCount, q: (q ?? "").trim() };
}

/**
 * Fills BookWord for books written before the table existed (or by a writer that skipped
 * bookSearchFields): at start, a batch at a time in id order, each book's words from its
 * searchText (the one normalisation).
 */
export async function backfillBookWords(batch = 500) {
  let after = "";
  for (;;) {
    const rows = await prisma.book.findMany({
      where: { id: { gt: after }, words: { none: {} } },
      orderBy: { id: "asc" },
      select: { id: true, searchText: true, title: true, author: true, createdAt: true },
      take: batch,
    });
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    const words = rows.flatMap((row) =>
      searchWords(row.searchText || normalizeSearch(row.title, row.author)).map((word) => ({
        bookId: row.id,
        word,
        createdAt: row.createdAt,
      })),
    );
    await prisma.bookWord.createMany({ data: words });
  }
}
