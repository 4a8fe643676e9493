// The migrations folder as the schema engine reads it: <timestamp>_<name>/migration.sql in name
// order and migration_lock.toml (the checksum is the Prisma CLI's sha256 of migration.sql).
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
