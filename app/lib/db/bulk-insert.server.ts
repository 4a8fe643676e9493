// Many rows in few statements, for writes whose size grows with a course (a notification and an
// e-mail to each of 5 000 learners). Prisma's createMany spends most of its time building each
// row in JavaScript (≈ 0.1 ms a row, measured: 5 000 notifications ≈ 500 ms of CPU, the same rows
// as one parameterised multi-row INSERT ≈ 100 ms). The statement is the same SQL on SQLite and
// PostgreSQL; Prisma.sql numbers the parameters for each. The caller gives every column a value
// (ids and dates too: the database's own defaults would write dates in another text format on
// SQLite than Prisma reads and writes).
import crypto from "node:crypto";
import { Prisma } from "~/generated/prisma/client.ts";

type RawRunner = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };

/** Bound parameters per statement: under SQLite's 32 766 and PostgreSQL's 65 535. */
const MAX_PARAMS = 30_000;

/** A new row id: random, URL-safe, within every id check's [A-Za-z0-9_-]{1,64}. */
export function newRowId(): string {
  return `c${crypto.randomBytes(16).toString("base64url")}`;
}

/** Inserts `rows` (each a value per column, in order) into `table`, as few statements as the bound allows. */
export async function insertRows(
  db: RawRunner,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const head = Prisma.raw(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((row) => Prisma.sql`(${Prisma.join(row)})`);
    await db.$executeRaw(Prisma.sql`${head}${Prisma.join(values)}`);
  }
}
