// @postgresql: the library's search in raw SQL
// The library search on the BookWord index (app/features/library/book-words.ts,
// docs/decisions/009-flat-cost-at-scale.md): every query word must start one of the book's words
// (title + author), accents and case aside; results newest first with their count, whether a
// word is rare (its ids sorted) or common (the newest-first walk); the words follow the book
// (create, update, delete) and older books are filled at start.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { bookSearchFields, bookSearchUpdate, searchWords } from "~/features/library/book-words.ts";
import {
  API_PAGE_SIZE,
  backfillBookWords,
  DENSE_SEARCH,
  listBooks,
  PAGE_SIZE,
  searchBooksJson,
} from "~/features/library/book-search.server.ts";
import { SEARCH_COUNT_CAP } from "~/features/search/word-search.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { normalizeSearch } from "~/lib/search-text.ts";

const tag = () => crypto.randomUUID().replace(/-/g, "").slice(0, 10);

function bookData(title: string, author = "Autora Prueba", createdAt?: Date) {
  return {
    title,
    author,
    pages: 1,
    description: "",
    pdfKey: `books/${crypto.randomUUID()}.pdf`,
    pdfSize: 1,
    ...(createdAt ? { createdAt } : {}),
  };
}

const createBook = (title: string, author = "Autora Prueba", createdAt?: Date) =>
  prisma.book.create({ data: { ...bookData(title, author), ...bookSearchFields(title, author, createdAt) } });

/** `n` books sharing the word `word` (and `extra` words), several per instant, with their words. */
async function manyBooks(n: number, word: string, extra = "") {
  const base = Date.UTC(2031, 0, 1);
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `b${word}${String(i).padStart(5, "0")}`,
    ...bookData(`${word} ${extra} tomo ${i}`, "Autor Denso", new Date(base + Math.floor(i / 3) * 1000)),
    searchText: normalizeSearch(`${word} ${extra} tomo ${i}`, "Autor Denso"),
  }));
  await prisma.book.createMany({ data: rows });
  await prisma.bookWord.createMany({
    data: rows.flatMap((row) =>
      searchWords(row.searchText).map((w) => ({ bookId: row.id, word: w, createdAt: row.createdAt! })),
    ),
  });
  return rows;
}

const newestFirst = (rows: Array<{ id: string; createdAt?: Date }>) =>
  [...rows]
    .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((r) => r.id);

describe("library search on the word index", () => {
  it("matches word prefixes, ignoring accents and case; not the middle of a word", async () => {
    const t = tag();
    const book = await createBook(`Educación Rural ${t}`, "Gabriela Mistral");
    const titles = async (q: string) => (await listBooks({ q })).books.map((b) => b.id);
    expect(await titles(`EDUC ${t}`)).toEqual([book.id]);
    expect(await titles(`educacion ${t.slice(0, 4)}`)).toEqual([book.id]);
    expect(await titles(`mistral ${t}`)).toEqual([book.id]);
    expect(await titles(`GABRIELA rur ${t}`)).toEqual([book.id]);
    // Every word must match: one that is in no word of the book finds nothing.
    expect(await titles(`educacion ${t} neruda`)).toEqual([]);
    // Word prefixes, as mature products do: the middle of a word is not a match.
    expect(await titles(`ucacion ${t}`)).toEqual([]);
    expect((await searchBooksJson(`EDUCACIÓN ${t}`)).books).toMatchObject([{ id: book.id }]);
  });

  it("gives rare matches newest first with their count, across pages", async () => {
    const t = tag();
    const rows = await manyBooks(PAGE_SIZE + 5, t);
    const first = await listBooks({ q: t });
    const second = await listBooks({ q: t, page: 2 });
    expect(first).toMatchObject({ total: PAGE_SIZE + 5, pageCount: 2, page: 1 });
    expect([...first.books, ...second.books].map((b) => b.id)).toEqual(newestFirst(rows));
    // A page past the end shows the last one.
    expect((await listBooks({ q: t, page: 9 })).books.map((b) => b.id)).toEqual(second.books.map((b) => b.id));
  });

  it("gives common matches (the newest-first walk) in the same order, counted up to SEARCH_COUNT_CAP", async () => {
    const t = tag();
    // Every book has two words starting with d{t} (d{t} and d{t}x): counted once each.
    const rows = await manyBooks(DENSE_SEARCH + 30, `d${t}`, `d${t}x`);
    const expected = newestFirst(rows);
    const first = await listBooks({ q: `D${t}` });
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    expect(first.books.map((b) => b.id)).toEqual(expected.slice(0, PAGE_SIZE));
    // One word in the range (d{t}x), and two common words.
    for (const q of [`d${t}x`, `d${t}x tomo`]) {
      const deep = await listBooks({ q, page: 50 });
      expect(deep).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
      expect(deep.books.map((b) => b.id)).toEqual(expected.slice(49 * PAGE_SIZE, 50 * PAGE_SIZE));
    }
    // A common word with a rare one: the rare one's ids, checked for the common word.
    const rare = await createBook(`d${t} x${t} singular${t}`, "Autor Denso");
    expect((await listBooks({ q: `singular${t} d${t}` })).books.map((b) => b.id)).toEqual([rare.id]);
    const api = await searchBooksJson(`d${t}`, 2);
    expect(api).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    const list = await listBooks({ q: `d${t}`, page: 2, pageSize: API_PAGE_SIZE });
    expect(api.books.map((b) => b.id)).toEqual(list.books.map((b) => b.id));
    expect(api.books).toHaveLength(API_PAGE_SIZE);
  });

  it("rewrites the words when the title changes, and deletes them with the book", async () => {
    const t = tag();
    const book = await createBook(`Huertos urbanos ${t}`);
    await prisma.book.update({
      where: { id: book.id },
      data: { title: `Compostaje ${t}`, ...bookSearchUpdate(book, `Compostaje ${t}`, book.author) },
    });
    expect((await listBooks({ q: `huertos ${t}` })).books).toEqual([]);
    expect((await listBooks({ q: `compost ${t}` })).books.map((b) => b.id)).toEqual([book.id]);
    expect(
      (await prisma.bookWord.findMany({ where: { bookId: book.id }, orderBy: { word: "asc" } })).map((w) => w.word),
    ).toEqual([`${t}`, "autora", "compostaje", "prueba"].sort());
    await prisma.book.delete({ where: { id: book.id } });
    expect(await prisma.bookWord.count({ where: { bookId: book.id } })).toBe(0);
  });

  it("fills the words of books written without them (older rows) at start", async () => {
    const t = tag();
    const old = await prisma.book.create({
      data: {
        ...bookData(`Ñandú y Pingüino ${t}`),
        searchText: normalizeSearch(`Ñandú y Pingüino ${t}`, "Autora Prueba"),
      },
    });
    expect((await listBooks({ q: `nandu ${t}` })).books).toEqual([]);
    await backfillBookWords(2);
    expect((await listBooks({ q: `ÑANDÚ pingu ${t}` })).books.map((b) => b.id)).toEqual([old.id]);
    await backfillBookWords(2); // nothing left to do: no duplicate words
    expect(await prisma.bookWord.count({ where: { bookId: old.id } })).toBe(6);
  });

  it("counts every book through the Tally, and pages the whole list by number", async () => {
    const total = await prisma.book.count();
    expect((await listBooks({})).total).toBe(total);
    const book = await createBook(`Tally ${tag()}`);
    expect((await listBooks({})).total).toBe(total + 1);
    await prisma.book.delete({ where: { id: book.id } });
    expect((await listBooks({})).total).toBe(total);
    const all = await prisma.book.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    const second = await listBooks({ page: 2 });
    expect(second.books.map((b) => b.id)).toEqual(all.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((b) => b.id));
    // Past the middle the page is read from the oldest end: the same rows.
    const last = Math.ceil(all.length / PAGE_SIZE);
    for (const n of [last - 1, last]) {
      const typed = await listBooks({ page: n });
      expect(typed.books.map((b) => b.id)).toEqual(all.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE).map((b) => b.id));
    }
  });
});
