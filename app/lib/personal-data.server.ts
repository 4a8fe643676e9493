// What a feature holds of a person, for 'Descargar mis datos' (features/privacy/my-data.server.ts):
// each feature that keeps personal rows exports a PersonalData (its privacy.server.ts) that names
// its files in the archive and says in the archive's LEEME.txt what they hold. Rows are read in
// keyset batches and written as JSON while the archive is read: a long history costs time, not
// memory. Every query of a provider is keyed by the person's id.
import type { ZipEntry } from "./zip.server.ts";

export type PersonalData = {
  /** The lines of LEEME.txt about its files: a file's name, then two-space indented lines. */
  readme: string[];
  /** Its files in the archive, in order, each streamed as it is read. */
  files(userId: string): AsyncGenerator<ZipEntry>;
};

/** Rows read per query: a batch is all a download holds of any table at a time. */
const BATCH = 200;

type Key = { id: string; at: Date };
type KeyField = "createdAt" | "registradoEn" | "emitidoEn";

/**
 * Prisma's `where` for the rows after `last` in (field, id) order: the range is on the date
 * alone (an index ending in it reads it in order), the rows of the same instant up to the id
 * filtered out, as lib/keyset.ts does newest first.
 */
export function after<F extends KeyField>(field: F, last: Key | null) {
  if (!last) return {};
  return {
    [field]: { gte: last.at },
    NOT: { [field]: last.at, id: { lte: last.id } },
  } as { [K in F]: { gte: Date } } & { NOT: { [K in F]: Date } & { id: { lte: string } } };
}

/** A table's rows BATCH at a time, in (field, id) order from a cursor: never the whole history in memory. */
export async function* keyset<F extends KeyField, T extends { id: string } & { [K in F]: Date }>(
  field: F,
  read: (last: Key | null, take: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let last: Key | null = null;
  for (;;) {
    const batch = await read(last, BATCH);
    if (batch.length > 0) yield batch;
    if (batch.length < BATCH) return;
    const end = batch.at(-1)!;
    last = { id: end.id, at: end[field] };
  }
}

/**
 * The rows `where` picks of one table, oldest first in (field, id) order, BATCH at a time, each
 * written as `item` makes it: `find` is that table's findMany, given the page's where, order and take.
 */
export function tableRows<
  W extends object,
  T extends { id: string } & { [K in F]: Date },
  F extends KeyField = "createdAt",
>({
  field = "createdAt" as F,
  where,
  find,
  item,
}: {
  field?: F;
  where: W;
  find: (page: { where: W; orderBy: [{ [K in F]: "asc" }, { id: "asc" }]; take: number }) => Promise<T[]>;
  item: (row: T) => unknown;
}): Rows {
  const orderBy = [{ [field]: "asc" }, { id: "asc" }] as [{ [K in F]: "asc" }, { id: "asc" }];
  return rows(
    keyset(field, (last, take) => find({ where: { ...where, ...after(field, last) }, orderBy, take })),
    item,
  );
}

/** A provider of one JSON file: its name, what LEEME.txt says of it, and its content. */
export function jsonFile(name: string, readme: string[], content: (userId: string) => unknown): PersonalData {
  return {
    readme: [name, ...readme],
    async *files(userId) {
      yield { name, data: json(await content(userId)) };
    },
  };
}

/** A JSON array written batch by batch. */
class Rows {
  readonly batches: AsyncIterable<readonly unknown[]>;
  constructor(batches: AsyncIterable<readonly unknown[]>) {
    this.batches = batches;
  }
}
export function rows<T>(batches: AsyncIterable<readonly T[]>, item: (row: T) => unknown): Rows {
  return new Rows(
    (async function* () {
      for await (const batch of batches) yield batch.map(item);
    })(),
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Indented JSON text of `value`, its Rows written as they are read. */
export async function* json(value: unknown, indent = ""): AsyncGenerator<string> {
  const inner = `${indent}  `;
  if (value instanceof Rows) {
    let first = true;
    yield "[";
    for await (const batch of value.batches) {
      let text = "";
      for (const item of batch) {
        text += `${first ? "" : ","}\n${inner}${JSON.stringify(item, null, 2).replaceAll("\n", `\n${inner}`)}`;
        first = false;
      }
      if (text) yield text;
    }
    yield first ? "]" : `\n${indent}]`;
  } else if (isPlainObject(value) && Object.values(value).some((v) => v instanceof Rows || isPlainObject(v))) {
    const keys = Object.keys(value);
    yield "{";
    for (const [i, key] of keys.entries()) {
      yield `\n${inner}${JSON.stringify(key)}: `;
      yield* json(value[key], inner);
      if (i < keys.length - 1) yield ",";
    }
    yield keys.length ? `\n${indent}}` : "}";
  } else {
    yield JSON.stringify(value, null, 2).replaceAll("\n", `\n${indent}`);
  }
  if (!indent) yield "\n";
}
