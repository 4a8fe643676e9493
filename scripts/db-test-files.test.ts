// The reading that decides which test files run on PostgreSQL (scripts/db-test-files.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  allTestFiles,
  DATABASE_WORDS,
  databaseReason,
  importsOf,
  postgresReason,
  splitTestFiles,
  TEXT_REASON,
} from "./db-test-files.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("test files that touch the database", () => {
  const { db, pure } = splitTestFiles();

  it("splits every test file into exactly one of the two projects", () => {
    expect([...db, ...pure].sort()).toEqual(allTestFiles());
    expect(db.filter((f) => pure.includes(f))).toEqual([]);
    expect(db.length).toBeGreaterThan(40);
    expect(pure.length).toBeGreaterThan(20);
  });

  it("follows imports through features to the database module", () => {
    // Direct, through a feature module, through the factories, a driver, and a process started on it.
    expect(databaseReason("tests/courses/quiz.test.ts")).toEqual([
      "tests/courses/quiz.test.ts",
      "app/lib/db.server.ts",
    ]);
    expect(databaseReason("tests/messages/mail.test.ts")).toContain("app/features/mail/outbox.server.ts");
    expect(databaseReason("tests/library/upload.test.ts")).toContain("tests/factories.ts");
    expect(databaseReason("tests/platform/postgres.test.ts")).toEqual(["tests/platform/postgres.test.ts", "pg"]);
    expect(databaseReason("tests/platform/seed.test.ts")).toEqual(["tests/platform/seed.test.ts", TEXT_REASON]);
    expect(databaseReason("app/lib/percent.test.ts")).toBeUndefined();
  });

  it("reads every import form the code uses", () => {
    expect(
      importsOf(
        [
          'import { a } from "~/lib/a.ts";',
          'import type { B } from "../b.ts";',
          'import * as c from "./c.ts";',
          'import "./d.ts";',
          'export { e } from "~/e.ts";',
          'const f = await import("~/lib/f.server.ts");',
          "import {\n  g,\n  h,\n} from '../g.ts';",
        ].join("\n"),
      ),
    ).toEqual(["~/lib/a.ts", "../b.ts", "./c.ts", "./d.ts", "~/e.ts", "~/lib/f.server.ts", "../g.ts"]);
  });

  it("leaves out no file that names the database, Prisma or a database module", () => {
    // A second, cruder reading (DATABASE_WORDS): a word of it in a "pure" file means the import
    // reading missed a form. This file names the database module in its expectations, no more.
    const suspicious = pure.filter(
      (file) =>
        file !== "scripts/db-test-files.test.ts" && DATABASE_WORDS.test(fs.readFileSync(path.join(root, file), "utf8")),
    );
    expect(suspicious).toEqual([]);
  });

  it("runs on PostgreSQL only database files that say why", () => {
    const { db, postgres } = splitTestFiles();
    const marked = allTestFiles().filter((file) => postgresReason(file));
    expect(marked).toEqual(postgres);
    expect(postgres.every((file) => db.includes(file))).toBe(true);
    expect(postgresReason("tests/platform/backup.test.ts")).toMatch(/backup/);
    expect(postgresReason("tests/courses/quiz.test.ts")).toBeUndefined();
  });
});
