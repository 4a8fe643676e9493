// A book row as the library's pages and API show it: the columns read, and the two views built
// from them (the pages' links, the API's download URL). Shared by the library's search, its
// files and its editing (./book-search.server.ts, ./book-pdf.server.ts, ./books.server.ts).
import type { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import type { BookJson } from "./schema.ts";

export const bookSelect = {
  id: true,
  title: true,
  author: true,
  pages: true,
  description: true,
  pdfKey: true,
  createdAt: true,
} as const;

export type BookRow = Prisma.BookGetPayload<{ select: typeof bookSelect }>;

/** What every view of a book shows, whatever its links. */
function bookFields(book: BookRow) {
  return { id: book.id, title: book.title, author: book.author, pages: book.pages, description: book.description };
}

/** The pages' view: the preview and download links of /biblioteca. */
export function toBookView(book: BookRow) {
  return {
    ...bookFields(book),
    pdfUrl: `/biblioteca/${book.id}/pdf`,
    downloadUrl: `/biblioteca/${book.id}/pdf?descargar=1`,
  };
}
export type BookView = ReturnType<typeof toBookView>;

/** The API's view: the download through the API. */
export function toBookJson(book: BookRow): BookJson {
  return { ...bookFields(book), pdfUrl: `/api/books/download/${book.id}` };
}

export function getBook(id: string) {
  return prisma.book.findUnique({ where: { id }, select: bookSelect });
}
