// Keyset pagination for lists newest first (createdAt DESC, id DESC): a page is a range of an index
// ending in (…, createdAt, id) from the cursor in its links (`?page=N&desde=KEY` / `&antes=KEY`),
// so page 2 000 costs what page 1 does (decision 009). A bare `?page=N` skips index entries only.

export type RowKey = { createdAt: Date; id: string };
/** `desde`: the rows after this key (next page); `antes`: the rows before it (previous page). */
export type Cursor = { desde: RowKey } | { antes: RowKey };

/** "1763891234567_ckabc…": milliseconds and id. */
function encodeKey(row: RowKey): string {
  return `${row.createdAt.getTime()}_${row.id}`;
}

/** The shape of a cursor ("milliseconds_id"): the API document's pattern and every check. */
export const CURSOR_PATTERN = "^(\\d{1,15})_([A-Za-z0-9_-]{1,64})$";
const CURSOR = new RegExp(CURSOR_PATTERN);

/** Whether a query value is shaped like a cursor. */
export function isCursor(value: string): boolean {
  return CURSOR.test(value);
}

function decodeKey(value: string | null): RowKey | null {
  const match = value ? CURSOR.exec(value) : null;
  return match ? { createdAt: new Date(Number(match[1])), id: match[2]! } : null;
}

/** The cursor of a request's URL (`desde` wins over `antes`), or null for none or nonsense. */
export function cursorFrom(url: URL | string): Cursor | null {
  const params = new URL(url, "http://x").searchParams;
  const desde = decodeKey(params.get("desde"));
  if (desde) return { desde };
  const antes = decodeKey(params.get("antes"));
  return antes ? { antes } : null;
}

/**
 * Prisma `where` and `orderBy` for the page after or before `cursor`: a range on createdAt, less
 * the same instant's rows on the wrong side of the id. Rows before a key come oldest first.
 */
export function keysetQuery(cursor: Cursor | null) {
  const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  if (!cursor) return { where: {}, orderBy: newestFirst };
  if ("desde" in cursor) {
    const { createdAt, id } = cursor.desde;
    return { where: { createdAt: { lte: createdAt }, NOT: { createdAt, id: { gte: id } } }, orderBy: newestFirst };
  }
  const { createdAt, id } = cursor.antes;
  return {
    where: { createdAt: { gte: createdAt }, NOT: { createdAt, id: { lte: id } } },
    orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
  };
}

/** The cursors of a keyset page's links: its first row's key for the newer page, its last's for the older. */
export function keysetCursors({ rows, hasNewer, hasOlder }: { rows: RowKey[]; hasNewer: boolean; hasOlder: boolean }) {
  const first = rows[0];
  const last = rows.at(-1);
  return {
    prev: hasNewer && first ? encodeKey(first) : null,
    next: hasOlder && last ? encodeKey(last) : null,
  };
}

/** The cursors of a numbered page's links ('Anterior', 'Siguiente'); null where there is no such page. */
export function pageCursors(rows: RowKey[], page: number, pageCount: number) {
  return keysetCursors({ rows, hasNewer: page > 1, hasOlder: page < pageCount });
}

/** Newest first, (createdAt DESC, id DESC): how rows of several ranges are merged. */
function compareNewestFirst(a: RowKey, b: RowKey): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** One keyset page from one or more index ranges, size + 1 rows each, merged newest first (the extra row: more). */
export async function fetchKeysetPage<T extends RowKey>(
  ranges: number,
  cursor: Cursor | null,
  size: number,
  read: (range: number, query: ReturnType<typeof keysetQuery> & { take: number }) => Promise<T[]>,
) {
  const query = { ...keysetQuery(cursor), take: size + 1 };
  const backwards = cursor !== null && "antes" in cursor;
  const parts = await Promise.all(Array.from({ length: ranges }, (_, i) => read(i, query)));
  const merged = parts.flat().sort(compareNewestFirst);
  const rows = backwards ? merged.slice(-size) : merged.slice(0, size);
  const more = merged.length > size;
  return { rows, hasNewer: backwards ? more : cursor !== null, hasOlder: backwards ? true : more };
}

/** Rows read by id (`readRows`, any order), returned in the order of `ids`. */
export async function rowsInOrder<T extends { id: string }>(
  ids: string[],
  readRows: (ids: string[]) => Promise<T[]>,
): Promise<T[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await readRows(ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A numbered page without a cursor, as a deferred join: `readIds` skips index entries alone (a
 * covering walk), `readRows` loads the page by primary key. With the `total`, a page past the
 * middle is read from the other end: at most half the list is walked (decision 009).
 */
export async function fetchOffsetPage<T extends { id: string }>(
  { skip, take, total }: { skip: number; take: number; total?: number },
  readIds: (window: { skip: number; take: number; reverse: boolean }) => Promise<Array<{ id: string }>>,
  readRows: (ids: string[]) => Promise<T[]>,
): Promise<T[]> {
  if (total !== undefined && skip >= total) return []; // past the end: nothing to walk
  const fromEnd = total !== undefined && skip > total / 2;
  const window = fromEnd
    ? { skip: Math.max(0, total - skip - take), take: Math.min(take, total - skip), reverse: true }
    : { skip, take, reverse: false };
  const ids = (await readIds(window)).map((row) => row.id);
  return rowsInOrder(fromEnd ? ids.reverse() : ids, readRows);
}

/** (createdAt, id), one direction: Prisma's orderBy for a list's index. */
type ListOrder = Array<{ createdAt: "asc" | "desc" } | { id: "asc" | "desc" }>;

/**
 * One page of a newest-first list whose total is a Tally: a keyset range from a cursor or on page
 * 1, else a deferred join from the nearer end; clamped to the list, with its links' cursors.
 */
export async function newestFirstPage<T extends RowKey>(
  { page, size, total, cursor }: { page: number; size: number; total: number; cursor: Cursor | null },
  read: {
    range: (query: {
      where: ReturnType<typeof keysetQuery>["where"];
      orderBy: ListOrder;
      take: number;
    }) => Promise<T[]>;
    ids: (window: { orderBy: ListOrder; skip: number; take: number }) => Promise<Array<{ id: string }>>;
    rows: (ids: string[]) => Promise<T[]>;
  },
) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const newest = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const oldest = [{ createdAt: "asc" as const }, { id: "asc" as const }];
  const items =
    cursor || current === 1
      ? (await fetchKeysetPage(1, cursor, size, (_range, query) => read.range(query))).rows
      : await fetchOffsetPage(
          { skip: (current - 1) * size, take: size, total },
          ({ skip, take, reverse }) => read.ids({ orderBy: reverse ? oldest : newest, skip, take }),
          read.rows,
        );
  return { items, page: current, pageCount, cursors: pageCursors(items, current, pageCount) };
}
