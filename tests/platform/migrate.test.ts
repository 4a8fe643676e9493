// @postgresql: migrations and the triggers they create
// server/migrate/: deploy on a fresh SQLite file (the path the Vitest global setup uses).
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { deployMigrations, migrationStatus, readMigrations } from "../../server/migrate/index.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "academia-migrate-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const migrations = readMigrations();

function fileUrl(name: string): string {
  return `file:${path.join(tmp, name)}`;
}

function inspect(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as unknown as { name: string }[]
    ).map((r) => r.name);
    const rows = db
      .prepare(
        "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
      )
      .all() as unknown as {
      migration_name: string;
      checksum: string;
      finished_at: string | null;
      rolled_back_at: string | null;
    }[];
    const journal = (db.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode;
    const triggers = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as unknown as {
        name: string;
      }[]
    ).map((r) => r.name);
    return { tables, rows, journal, triggers };
  } finally {
    db.close();
  }
}

describe("deployMigrations", () => {
  it("has at least the initial migration in prisma/migrations", () => {
    expect(migrations.length).toBeGreaterThanOrEqual(1);
    expect(migrations[0]!.name).toMatch(/^\d{14}_init$/);
  });

  it("creates every table on a fresh file, records each migration with its sha256", async () => {
    const url = fileUrl("nested/dir/fresh.db"); // the directory does not exist yet
    const result = await deployMigrations(url);
    expect(result.applied).toEqual(migrations.map((m) => m.name));

    const { tables, rows, journal } = inspect(path.join(tmp, "nested/dir/fresh.db"));
    for (const table of [
      "User",
      "Session",
      "Course",
      "Module",
      "Enrolment",
      "Certificate",
      "Book",
      "Message",
      "OutboxMail",
      "AuditLog",
      "_prisma_migrations",
    ]) {
      expect(tables).toContain(table);
    }
    expect(rows).toHaveLength(migrations.length);
    const init = rows[0]!;
    expect(init.migration_name).toBe(migrations[0]!.name);
    expect(init.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(init.checksum).toBe(createHash("sha256").update(migrations[0]!.sql).digest("hex"));
    expect(init.finished_at).not.toBeNull();
    expect(init.rolled_back_at).toBeNull();
    expect(journal).toBe("wal");
    // Readable by its owner only, as every SQLite file the app creates (tests/platform/sqlite-file-mode.test.ts).
    expect(fs.statSync(path.join(tmp, "nested/dir/fresh.db")).mode & 0o777).toBe(0o600);
  });

  it("keeps every trigger: a migration that rebuilds a table must create its triggers again", async () => {
    await deployMigrations(fileUrl("triggers.db"));
    const { triggers } = inspect(path.join(tmp, "triggers.db"));
    // decisions 009 and 013: the counts the admin pages read are kept by these triggers (decision
    // 017: the per-person page stamps' triggers are dropped by migration drop_personal_page_stamps).
    expect(triggers).toEqual(
      [
        "Book_tally_delete",
        "Book_tally_insert",
        "Certificate_tally_delete",
        "Certificate_tally_insert",
        "Certificate_tally_update",
        "ContactMessage_tally_delete",
        "ContactMessage_tally_insert",
        "Course_tally_delete",
        "Course_tally_insert",
        "Course_tally_update",
        "Enrolment_tally_delete",
        "Enrolment_tally_insert",
        "Enrolment_tally_update",
        "OutboxMail_tally_delete",
        "OutboxMail_tally_insert",
        "OutboxMail_tally_update",
        "User_role_tally_delete",
        "User_role_tally_insert",
        "User_role_tally_update",
        "User_tally_delete",
        "User_tally_insert",
        "User_tally_update",
        // A course's report (migration report_counts)
        "AttemptAnswer_report_delete",
        "AttemptAnswer_report_insert",
        "AttemptAnswer_report_update",
        "Certificate_report_delete",
        "Certificate_report_insert",
        "Certificate_report_update",
        "Course_report_delete",
        "Enrolment_report_delete",
        "Enrolment_report_insert",
        "Module_report_delete",
        "QuizAttempt_report_delete",
        "QuizAttempt_report_insert",
        "QuizQuestion_report_delete",
        // A class member's copies of its name and progress (migration class_member_sort_keys)
        "ClassMember_copies_insert",
        "Enrolment_progress_to_ClassMember",
        "User_name_to_ClassMember",
        // An enrolment's copies of its account's name (migration enrolment_name_order)
        "Enrolment_name_insert",
        "User_name_to_Enrolment",
        // A course word's copies of its course's visibility (migration course_word_visibility)
        "CourseWord_copies_insert",
        "Course_visibility_to_CourseWord",
      ].sort(),
    );
  });

  it("is idempotent: a second deploy applies nothing and status is up to date", async () => {
    const url = fileUrl("twice.db");
    const first = await deployMigrations(url);
    expect(first.applied).toHaveLength(migrations.length);
    const second = await deployMigrations(url);
    expect(second.applied).toEqual([]);
    expect(inspect(path.join(tmp, "twice.db")).rows).toHaveLength(migrations.length);
    const status = await migrationStatus({ url });
    expect(status.upToDate).toBe(true);
    expect(status.pending).toEqual([]);
  });

  it("leaves the database unlocked for other connections", async () => {
    const file = path.join(tmp, "unlocked.db");
    await deployMigrations(fileUrl("unlocked.db"));
    const db = new DatabaseSync(file, { timeout: 200 });
    try {
      db.prepare(
        `INSERT INTO "OutboxMail" ("id", "to", "subject", "text", "kind") VALUES ('m1', 'a@b.c', 's', 't', 'test')`,
      ).run();
      expect({ ...db.prepare(`SELECT count(*) AS n FROM "OutboxMail"`).get() }).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it("applies each migration once when deploys race on a fresh file", async () => {
    const url = fileUrl("race.db");
    const results = await Promise.all([1, 2, 3, 4].map(() => deployMigrations(url)));
    expect(results.flatMap((r) => r.applied)).toHaveLength(migrations.length);
    expect(inspect(path.join(tmp, "race.db")).rows).toHaveLength(migrations.length);
  });

  it("refuses a migration edited after it was applied", async () => {
    const url = fileUrl("edited.db");
    const dir = path.join(tmp, "edited-migrations");
    fs.cpSync(path.resolve(import.meta.dirname, "../../prisma/migrations"), dir, { recursive: true });
    await deployMigrations(url, { migrationsDir: dir });
    fs.appendFileSync(path.join(dir, migrations[0]!.name, "migration.sql"), "\n-- edited\n");
    await expect(deployMigrations(url, { migrationsDir: dir })).rejects.toThrow(/modified after/);
  });

  it("rolls back a migration that fails, whole, and records nothing of it", async () => {
    const url = fileUrl("failing.db");
    const dir = path.join(tmp, "failing-migrations");
    fs.cpSync(path.resolve(import.meta.dirname, "../../prisma/migrations"), dir, { recursive: true });
    fs.mkdirSync(path.join(dir, "29991231000000_failing"));
    fs.writeFileSync(
      path.join(dir, "29991231000000_failing", "migration.sql"),
      'CREATE TABLE "Nueva" ("x" INTEGER);\nINSERT INTO "NoExiste" VALUES (1);\n',
    );
    await expect(deployMigrations(url, { migrationsDir: dir })).rejects.toThrow(/29991231000000_failing.*rolled back/);
    const { tables, rows } = inspect(path.join(tmp, "failing.db"));
    expect(tables).not.toContain("Nueva");
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
  });
});
