// The library search reads BookWord: one row per distinct word of a book's searchText (title +
// author in the one normalised form of app/lib/search-text.ts), indexed by (word, bookId). Every
// write of a title or author goes through bookSearchFields / bookSearchUpdate, a nested write of
// the book's create or update (one transaction), so the words never drift from the book (the
// service, the seed); rows made before the table existed are filled at start by
// backfillBookWords (books.server.ts). docs/decisions/009-flat-cost-at-scale.md.
// Relative import: the seed (plain Node) imports this module too.
import { normalizeSearch, searchWords, wordsCreate, wordsUpdate } from "../../lib/search-text.ts";

export { searchWords };

/**
 * searchText, createdAt and the words, for a new book's create data. The words carry the book's
 * createdAt (their index gives the matches' order), so it is set here, not by the database.
 */
export function bookSearchFields(title: string, author: string, createdAt: Date = new Date()) {
  const searchText = normalizeSearch(title, author);
  return {
    searchText,
    createdAt,
    words: wordsCreate(searchWords(searchText), { createdAt }),
  };
}

/** searchText and its words, for an update of a book's title or author (the old words go). */
export function bookSearchUpdate(book: { createdAt: Date }, title: string, author: string) {
  const searchText = normalizeSearch(title, author);
  const { createdAt } = book;
  return {
    searchText,
    words: wordsUpdate(searchWords(searchText), { createdAt }),
  };
}
