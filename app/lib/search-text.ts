/**
 * Lower case, no accents, single spaces: the form of Book.searchText, of course titles when
 * an admin searches them, and of search queries,
 * so that "educacion" finds "Educación" on SQLite and PostgreSQL alike. The one definition
 * (the seed uses it too).
 */
export function normalizeSearch(...parts: string[]): string {
  return parts.join(" ").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Prisma's filter for "starts with `term`" as a range (term ≤ value < term + U+FFFF), which an
 * ordinary index answers on SQLite and on PostgreSQL with the C collation; `startsWith` is a
 * LIKE, which neither reads from such an index.
 */
export function prefixRange(term: string) {
  return { gte: term, lt: `${term}\uffff` };
}
