// The migrations folder as the schema engine reads it (a MigrationList): one
// <timestamp>_<name>/migration.sql per migration, in name order, plus migration_lock.toml.
// The engine stores sha256(migration.sql) as `_prisma_migrations.checksum`, the same checksum
// the Prisma CLI writes, so both accept the same history and both notice an edited migration.
import fs from "node:fs";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import { LOCK_FILE, MIGRATIONS_DIR } from "./providers.ts";

/** Reads a migrations folder (default: SQLite's); an unreadable migration.sql is passed on as an error. */
export function loadMigrationsList(migrationsDir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(migrationsDir, LOCK_FILE);
  const lockContent = fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null;
  const dirs = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: { path: LOCK_FILE, content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      const file = path.join(migrationsDir, name, "migration.sql");
      let content: { tag: "ok"; value: string } | { tag: "error"; value: string };
      try {
        content = { tag: "ok", value: fs.readFileSync(file, "utf8") };
      } catch (err) {
        content = { tag: "error", value: (err as Error).message };
      }
      return { path: name, migrationFile: { path: "migration.sql", content } };
    }),
  };
}
