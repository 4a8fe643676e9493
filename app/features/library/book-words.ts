// BookWord, the library search's words (decision 009): every write of a title or author goes
// through bookSearchFields / bookSearchUpdate, a nested write of the book's own create or update,
// so the words never drift from the book.
// Relative import: the seed (plain Node) imports this module too.
import { normalizeSearch, searchWords, wordsCreate, wordsUpdate } from "../../lib/search-text.ts";

export { searchWords };

/**
 * searchText, createdAt and the words, for a new book's create data. The words carry the book's
 * createdAt (their index gives the matches' order), so it is set here, not by the database.
 */
export function bookSearchFields(title: string, author: string, createdAt: Date = new Date()) {
  const searchText = normalizeSearch(title, author);
  return { searchText, createdAt, words: wordsCreate(searchWords(searchText), { createdAt }) };
}

/** searchText and its words, for an update of a book's title or author (the old words go). */
export function bookSearchUpdate(book: { createdAt: Date }, title: string, author: string) {
  const searchText = normalizeSearch(title, author);
  return { searchText, words: wordsUpdate(searchWords(searchText), { createdAt: book.createdAt }) };
}
