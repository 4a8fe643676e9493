/**
 * Lower case, no accents, single spaces: the form of Book.searchText, of course titles when
 * an admin searches them, of every indexed word (searchWords) and of search queries
 * (queryWords), so that "educacion" finds "Educación" on SQLite and PostgreSQL alike. The one
 * definition (the seed and the bench generator use it too).
 */
export function normalizeSearch(...parts: string[]): string {
  return parts.join(" ").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Longest indexed word (a pasted address or URL is cut there; a query word too, so it still matches). */
const MAX_WORD = 100;
const RUN = /[\p{L}\p{N}]+/gu;
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * The distinct words a text is found by, in the one normalised form: each word as written
 * ("sofia.nunez@escuela.cl", "(python)") and, when it holds punctuation, what follows each
 * punctuation mark ("nunez@escuela.cl", "escuela.cl", "cl"; "python)"). A query word matches a
 * text when one of these starts with it (queryWords; word-search.server.ts wordRange): 'nunez', 'escuela.cl' and
 * 'python' all do. The word index of the library, the catalog and the accounts
 * (docs/decisions/009-flat-cost-at-scale.md).
 */
export function searchWords(...parts: string[]): string[] {
  const words = new Set<string>();
  for (const token of normalizeSearch(...parts).split(" ")) {
    if (!token) continue;
    words.add(token.slice(0, MAX_WORD));
    for (const run of token.matchAll(RUN)) if (run.index > 0) words.add(token.slice(run.index).slice(0, MAX_WORD));
  }
  return [...words];
}

/**
 * A search box's words (at most 8, distinct), folded like the stored words, without the
 * punctuation at their ends ("Núñez," → "nunez"; "sofia.nunez@" → "sofia.nunez"): each must
 * start one of a row's searchWords.
 */
export function queryWords(q: string | null | undefined): string[] {
  const words = normalizeSearch((q ?? "").slice(0, 200))
    .split(" ")
    .map((word) => word.replace(EDGES, "").slice(0, MAX_WORD))
    .filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/** Nested-write data of a row's words (BookWord, CourseWord, UserWord) for its create. */
export function wordsCreate<Extra extends object>(words: string[], extra?: Extra) {
  return { create: words.map((word) => ({ word, ...extra }) as { word: string } & Extra) };
}

/** Nested-write data of a row's words for its update: the old words go, the new ones come. */
export function wordsUpdate<Extra extends object>(words: string[], extra?: Extra) {
  return { deleteMany: {}, ...wordsCreate(words, extra) };
}
