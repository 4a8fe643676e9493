// The library (docs/product.md#library, docs/product.md#api-library): one service for the
// pages and the API. Search is accent- and case-insensitive and reads an index: every query
// word must start one of the book's words (title + author, BookWord, ./book-words.ts). Uploads
// stream through parseUpload (magic bytes, MAX_PDF_MB); a refused or failed upload leaves no
// file behind. The file of a deleted book is removed after the row is gone.
import { PDFDocument } from "pdf-lib";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { countPdfPages } from "~/lib/pdf-page-count.server.ts";
import { readTally } from "~/features/site/tally.server.ts";
import { fetchOffsetPage, rowsInOrder } from "~/lib/keyset.ts";
import { deleteStoredLogged, readStoredBytes, readStoredChunks, statStored } from "~/lib/storage.server.ts";
import { parseUpload, pdfUploadOptions, UploadError, withUpload, type StoredUpload } from "~/lib/upload.server.ts";
import { BookFormSchema, type BookFormInput, type BookJson } from "./schema.ts";
import {
  BOOK_NOT_FOUND,
  DOWNLOAD_FAILED,
  NO_PDF,
  PDF_CHOOSE_AGAIN,
  PDF_FIELD,
  PDF_REQUIRED,
  PDF_UNREADABLE,
} from "./texts.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import { normalizeSearch, queryWords } from "~/lib/search-text.ts";
import {
  alsoHas,
  BOOK_WORDS,
  countDense,
  DENSE_SEARCH,
  exactCount,
  hasWordFilter,
  rarestFirst,
  wordRange,
} from "~/features/search/word-search.server.ts";
import { bookSearchFields, searchWords } from "./book-words.ts";

export { DENSE_SEARCH, normalizeSearch };

export const PAGE_SIZE = 12;
/** GET /api/books/libros answers 50 books a page (?page=N; Link header, X-Total-Count). */
export const API_PAGE_SIZE = 50;
const bookSelect = {
  id: true,
  title: true,
  author: true,
  pages: true,
  description: true,
  pdfKey: true,
  createdAt: true,
} as const;
const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];
const oldestFirst = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * One page of the books matching every word, newest first, and how many match, when one word is
 * rare enough: the rarest word's range of the (word, createdAt, bookId) index (at most
 * DENSE_SEARCH entries, found by counting each word's range up to that bound) gives ids and their
 * order without reading a book; each other word is checked for those books by primary key. The
 * matches are made distinct, counted and sorted by the database (a few hundred index entries at
 * most: well under a millisecond), and only the page's ids come back. null when every word is
 * common: then a page is found soonest by walking the newest-first (createdAt, id) index with an
 * EXISTS per word (matchingBooks).
 */
async function sparsePage(words: string[], skip: number, take: number) {
  const order = await rarestFirst(BOOK_WORDS, words);
  if (order[0]!.n > DENSE_SEARCH) return null;
  const [rarest, ...others] = order;
  const matches = Prisma.sql`SELECT w."bookId" AS "id", MAX(w."createdAt") AS "createdAt" FROM "BookWord" w
    WHERE ${wordRange("w", rarest!.word)}${alsoHas(
      BOOK_WORDS,
      others.map((o) => o.word),
    )} GROUP BY w."bookId"`;
  const [counted, page] = await Promise.all([
    prisma.$queryRaw<Array<{ n: number | bigint | string }>>`SELECT COUNT(*) AS n FROM (${matches}) m`,
    prisma.$queryRaw<Array<{ id: string }>>`SELECT m."id" FROM (${matches}) m
      ORDER BY m."createdAt" DESC, m."id" DESC LIMIT ${take} OFFSET ${skip}`,
  ]);
  return { ids: page.map((row) => row.id), total: Number(counted[0]?.n ?? 0) };
}

/**
 * The books matching every word, newest first, `take` of them after `skip`; and how many match.
 * Few matches: counted, sorted and paged by the database, the page read by id. Many: the
 * newest-first walk stops at the page (at that density within a few thousand entries); its count
 * reads the rarest word's range up to SEARCH_COUNT_CAP matches (countDense).
 */
async function matchingBooks(words: string[], skip: number, take: number) {
  const sparse = await sparsePage(words, skip, take);
  if (sparse) {
    const books = await rowsInOrder(sparse.ids, (ids) =>
      prisma.book.findMany({ where: { id: { in: ids } }, select: bookSelect }),
    );
    return { books, count: exactCount(sparse.total) };
  }
  const [books, count] = await Promise.all([
    prisma.book.findMany({
      where: { AND: words.map(hasWordFilter) },
      orderBy: newestFirst,
      skip,
      take,
      select: bookSelect,
    }),
    countDense(BOOK_WORDS, words),
  ]);
  return { books, count };
}

/** How many books there are: the Tally row the database keeps (prisma/schema.prisma). */
function countAllBooks() {
  return readTally("book:all");
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
  rows: Array<BookRow & { id: string }>;
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
  let books: Array<BookRow & { id: string }>;
  let total: number;
  let totalExact = true;
  if (words.length > 0) {
    let count;
    ({ books, count } = await matchingBooks(words, skip, pageSize));
    ({ total, exact: totalExact } = count);
  } else {
    total = await countAllBooks();
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
  if (current !== wanted) {
    // A page past the end shows the last one.
    return bookPage({ q, page: current, pageSize });
  }
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

type BookRow = {
  id: string;
  title: string;
  author: string;
  pages: number;
  description: string;
  pdfKey: string;
  createdAt?: Date;
};

export function toBookView(book: BookRow) {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    pages: book.pages,
    description: book.description,
    pdfUrl: `/biblioteca/${book.id}/pdf`,
    downloadUrl: `/biblioteca/${book.id}/pdf?descargar=1`,
  };
}
export type BookView = ReturnType<typeof toBookView>;

function toBookJson(book: BookRow): BookJson {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    pages: book.pages,
    description: book.description,
    pdfUrl: `/api/books/download/${book.id}`,
  };
}

export function getBook(id: string) {
  return prisma.book.findUnique({ where: { id }, select: bookSelect });
}

/** The book for the preview dialog, and whether its file is there. */
export async function getBookForPreview(id: string) {
  const book = await getBook(id);
  if (!book) return null;
  const stat = await statStored(book.pdfKey).catch(() => null);
  return { ...toBookView(book), hasPdf: !!stat && stat.size > 0 };
}

/** The download name: the title with accents kept and unsafe characters removed. */
export function bookFilename(title: string): string {
  const safe = title
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[\\/:*?"<>|]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 150)
    .trim();
  return `${safe || "libro"}.pdf`;
}

// Counting pages: a streaming scan of the stored file (~/lib/pdf-page-count.server.ts), which
// holds a small window of it at a time, whatever its size, read from the local disk into one
// reused buffer (readStoredChunks: no per-chunk garbage to pile up between collections), so
// concurrent uploads are counted side by side. Only when the scan finds no page tree (an object
// stream it cannot read, a damaged file) is the whole file parsed with pdf-lib, and then only
// when it is at most PDF_LIB_FALLBACK_BYTES and one file at a time per process.
const PDF_LIB_FALLBACK_BYTES = 20 * 1024 * 1024;
let fallbackQueue: Promise<unknown> = Promise.resolve();

/** The page count of a stored PDF, or null when it cannot be read. */
export async function readPageCount(key: string): Promise<number | null> {
  const scanned = await scanPages(key);
  if (scanned !== null) return scanned;
  const stat = await statStored(key).catch(() => null);
  if (!stat || stat.size === 0 || stat.size > PDF_LIB_FALLBACK_BYTES) return null;
  const turn = fallbackQueue.then(() => loadPages(key));
  fallbackQueue = turn.catch(() => undefined);
  return turn;
}

async function scanPages(key: string): Promise<number | null> {
  try {
    const chunks = await readStoredChunks(key);
    return chunks ? await countPdfPages(chunks) : null;
  } catch {
    return null;
  }
}

async function loadPages(key: string): Promise<number | null> {
  try {
    const bytes = await readStoredBytes(key);
    if (!bytes) return null;
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const count = doc.getPageCount();
    return count > 0 ? count : null;
  } catch {
    return null;
  }
}

/** A refused upload keeps the sent form (to show it again) and, for invalid fields, every field's errors. */
type UploadFailure = Failure & { form?: FormData; fieldErrors?: Record<string, string[]> };
type Uploaded = Result<{ book: BookView }, UploadFailure>;

/** Creates a book from an already stored PDF; the file is discarded when anything fails. */
function createBook(input: BookFormInput, pdf: StoredUpload): Promise<Uploaded> {
  return withUpload(pdf, async (): Promise<Uploaded> => {
    let pages = input.pages;
    if (pages === undefined) {
      const counted = await readPageCount(pdf.key);
      if (counted === null) return fail(400, PDF_UNREADABLE, { field: "pages" });
      pages = counted;
    }
    const book = await prisma.book.create({
      data: {
        title: input.title,
        author: input.author,
        description: input.description,
        pages,
        pdfKey: pdf.key,
        pdfSize: pdf.size,
        ...bookSearchFields(input.title, input.author),
      },
      select: bookSelect,
    });
    return ok({ book: toBookView(book) });
  });
}

/**
 * The whole upload (page action and POST /api/books/upload): parse the multipart body with the
 * PDF limits, validate the fields, require a PDF, create the book. Never leaves a file behind
 * on failure. Unexpected errors are thrown (after cleanup).
 */
export async function uploadBook(request: Request): Promise<Uploaded> {
  let form: FormData;
  let files: Map<string, StoredUpload>;
  try {
    ({ form, files } = await parseUpload(request, pdfUploadOptions("books", [PDF_FIELD])));
  } catch (error) {
    if (error instanceof UploadError) {
      return { ...fail(error.status, error.message, { field: error.field ? PDF_FIELD : undefined }), form: error.form };
    }
    throw error;
  }
  // The PDF is kept only when the book is created.
  return withUpload(files.get(PDF_FIELD), (pdf) => createFromForm(form, pdf));
}

async function createFromForm(form: FormData, pdf: StoredUpload | undefined): Promise<Uploaded> {
  const parsed = BookFormSchema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
  );
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      (fieldErrors[key] ??= []).push(issue.message);
    }
    fieldErrors[PDF_FIELD] = [pdf ? PDF_CHOOSE_AGAIN : PDF_REQUIRED];
    return { ...fail(400, parsed.error.issues[0]?.message ?? PDF_REQUIRED), form, fieldErrors };
  }
  if (!pdf) return { ...fail(400, PDF_REQUIRED, { field: PDF_FIELD }), form };
  const outcome = await createBook(parsed.data, pdf);
  return outcome.ok ? outcome : { ...outcome, form };
}

/** Deletes a book and then its file; audited as "book.delete". */
export async function deleteBook(
  admin: SessionUser,
  id: string,
  request: Request | null,
): Promise<Result<{ title: string }>> {
  const book = await prisma.book.findUnique({ where: { id }, select: { id: true, title: true, pdfKey: true } });
  if (!book) return fail(404, BOOK_NOT_FOUND);
  try {
    await prisma.book.delete({ where: { id } });
  } catch (error) {
    if ((error as { code?: string }).code === "P2025") return fail(404, BOOK_NOT_FOUND);
    throw error;
  }
  await deleteStoredLogged(book.pdfKey);
  await audit(request, "book.delete", { actorId: admin.id, targetType: "book", targetId: book.id, detail: book.title });
  return ok({ title: book.title });
}

/**
 * The book's PDF: inline for the preview, or as a download named after the title; a Failure
 * (404, or 500 after logging) for the caller's adapter: text for the page's viewer, `{ error }`
 * JSON for the API.
 */
export async function serveBookPdf(
  request: Request,
  id: string,
  download: boolean,
): Promise<Result<{ response: Response }>> {
  try {
    const book = await getBook(id);
    if (!book) return fail(404, BOOK_NOT_FOUND);
    const stat = await statStored(book.pdfKey).catch(() => null);
    if (!stat || stat.size === 0) return fail(404, NO_PDF);
    const response = await serveStoredFile(request, book.pdfKey, {
      contentType: "application/pdf",
      filename: bookFilename(book.title),
      disposition: download ? "attachment" : "inline",
    });
    return ok({ response });
  } catch (error) {
    console.error(error);
    return fail(500, DOWNLOAD_FAILED);
  }
}

/** The id of the latest book: the upload form's key, so it starts empty after each upload. */
export async function newestBookId(): Promise<string | null> {
  const newest = await prisma.book.findFirst({ orderBy: { createdAt: "desc" }, select: { id: true } });
  return newest?.id ?? null;
}
