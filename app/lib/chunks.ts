/**
 * A list in parts of `size` (500 by default): one SQL statement each, since a statement's bound
 * parameters are limited (SQLite: 999 through Prisma).
 */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
