// The developer's commands (scripts/migrate.ts): `dev`, `status` (read-only), `diff` and
// `reset --force`; `dev` and `diff` replay the history on a shadow database.
import fs from "node:fs";
import path from "node:path";
import { deployMigrations, applyPending, withFileLock, withMigrationLock } from "./deploy.ts";
import type { DeployResult } from "./deploy.ts";
import { MigrateError } from "./errors.ts";
import { loadMigrationsList } from "./migration-list.ts";
import { ensurePgSchema } from "./postgres-adapter.ts";
import { LOCK_FILE, checkLockFile, lockFileContent, rel, resolveTarget } from "./providers.ts";
import type { Options } from "./providers.ts";
import { FILTERS, tableNames, withEngine } from "./schema-engine.ts";

export type DevOptions = Options & {
  name: string;
  createOnly?: boolean;
  acceptDataLoss?: boolean;
};

export type DevResult = {
  /** Migrations of the folder that were pending and got applied first. */
  appliedBefore: string[];
  /** Directory name of the new migration, or null when there was nothing to do. */
  created: string | null;
  /** Whether the new migration was applied (false with createOnly). */
  appliedNew: boolean;
  warnings: string[];
};

function slugifyName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

/** `dev --name X`: applies pending migrations, then generates (and applies) the next one. */
export async function devMigration(options: DevOptions): Promise<DevResult> {
  const migrationName = slugifyName(options.name);
  if (!migrationName) throw new MigrateError('Give the migration a name: dev --name "add_x"');
  const target = resolveTarget(options.url, options);
  const migrationsDir = target.migrationsDir;
  return withMigrationLock(target, () =>
    withEngine({ ...options, url: target.url }, async (s) => {
      await ensurePgSchema(s.url);
      let list = loadMigrationsList(migrationsDir);
      checkLockFile(list, s.provider);
      const appliedBefore = await applyPending(s, list);
      if (appliedBefore.length) s.log(`Applied pending migrations: ${appliedBefore.join(", ")}`);

      const diag = await s.engine.devDiagnostic({ migrationsList: list, filters: FILTERS });
      if (diag.action.tag === "reset") {
        throw new MigrateError(
          `The database is out of sync with the migrations folder and must be reset:\n` +
            `${diag.action.reason}\n` +
            `Run "node scripts/migrate.ts reset --force" (this deletes all its data).`,
        );
      }

      const schema = { files: [{ path: s.schemaPath, content: s.schemaText }] };
      const loss = await s.engine.evaluateDataLoss({ migrationsList: list, schema, filters: FILTERS });
      if (loss.unexecutableSteps.length > 0) {
        throw new MigrateError(
          `The next migration cannot be executed on this database:\n` +
            loss.unexecutableSteps.map((f) => `  • ${f.message}`).join("\n") +
            `\nUse --create-only, edit the SQL by hand, then run dev again.`,
        );
      }
      const warnings = loss.warnings.map((w) => w.message);
      if (warnings.length > 0 && !options.acceptDataLoss && !options.createOnly) {
        throw new MigrateError(
          `The next migration would lose data:\n` +
            warnings.map((w) => `  • ${w}`).join("\n") +
            `\nRe-run with --accept-data-loss, or --create-only to edit the SQL first.`,
        );
      }
      if (loss.migrationSteps === 0 && !options.createOnly) {
        return { appliedBefore, created: null, appliedNew: false, warnings };
      }

      const out = await s.engine.createMigration({
        migrationName,
        draft: Boolean(options.createOnly),
        migrationsList: list,
        schema,
        filters: FILTERS,
      });
      if (out.migrationScript === null) {
        return { appliedBefore, created: null, appliedNew: false, warnings };
      }
      const dir = path.join(migrationsDir, out.generatedMigrationName);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `migration.${out.extension}`), out.migrationScript);
      const lockPath = path.join(migrationsDir, LOCK_FILE);
      if (!fs.existsSync(lockPath)) fs.writeFileSync(lockPath, lockFileContent(s.provider));

      if (options.createOnly) {
        return { appliedBefore, created: out.generatedMigrationName, appliedNew: false, warnings };
      }
      list = loadMigrationsList(migrationsDir);
      const applied = await s.engine.applyMigrations({ migrationsList: list, filters: FILTERS });
      return {
        appliedBefore,
        created: out.generatedMigrationName,
        appliedNew: applied.appliedMigrationNames.includes(out.generatedMigrationName),
        warnings,
      };
    }),
  );
}

export type StatusResult = {
  total: number;
  upToDate: boolean;
  hasMigrationsTable: boolean;
  pending: string[];
  failed: string[];
  edited: string[];
  /** Applied in the database but missing from the folder. */
  unknown: string[];
  summary: string;
};

/** `status`: compares the migrations folder with the database (read-only). */
export async function migrationStatus(options: Options = {}): Promise<StatusResult> {
  const target = resolveTarget(options.url, options);
  const list = loadMigrationsList(target.migrationsDir);
  checkLockFile(list, target.provider);
  const names = list.migrationDirectories.map((d) => d.path);
  return withEngine({ ...options, url: target.url }, async (s) => {
    const tables = await tableNames(s.url);
    if (!tables.includes("_prisma_migrations")) {
      const empty = tables.length === 0;
      return {
        total: names.length,
        upToDate: names.length === 0 && empty,
        hasMigrationsTable: false,
        pending: names,
        failed: [],
        edited: [],
        unknown: [],
        summary: empty
          ? names.length === 0
            ? "No migrations and an empty database."
            : `The database is empty: ${names.length} migration(s) not yet applied:\n` +
              names.map((n) => `  ${n}`).join("\n")
          : "The database has tables but no _prisma_migrations table (not managed by migrations; deploy would refuse with P3005).",
      };
    }
    const d = await s.engine.diagnoseMigrationHistory({
      migrationsList: list,
      optInToShadowDatabase: false,
      filters: FILTERS,
    });
    const h = d.history;
    const pending =
      h?.diagnostic === "databaseIsBehind" || h?.diagnostic === "historiesDiverge" ? h.unappliedMigrationNames : [];
    const unknown =
      h?.diagnostic === "migrationsDirectoryIsBehind" || h?.diagnostic === "historiesDiverge"
        ? h.unpersistedMigrationNames
        : [];
    const lines: string[] = [`${names.length} migration(s) found in ${rel(s.migrationsDir)}.`];
    if (pending.length) lines.push(`Not yet applied:\n${pending.map((n) => `  ${n}`).join("\n")}`);
    if (unknown.length)
      lines.push(`Applied in the database but missing locally:\n${unknown.map((n) => `  ${n}`).join("\n")}`);
    if (d.failedMigrationNames.length) lines.push(`Failed: ${d.failedMigrationNames.join(", ")}`);
    if (d.editedMigrationNames.length) lines.push(`Modified after being applied: ${d.editedMigrationNames.join(", ")}`);
    const upToDate = h === null && d.failedMigrationNames.length === 0 && d.editedMigrationNames.length === 0;
    if (upToDate) lines.push("Database schema is up to date!");
    return {
      total: names.length,
      upToDate,
      hasMigrationsTable: true,
      pending,
      failed: d.failedMigrationNames,
      edited: d.editedMigrationNames,
      unknown,
      summary: lines.join("\n"),
    };
  });
}

/**
 * `diff`: SQL that the next migration would contain (migrations folder → schema.prisma),
 * computed on a shadow database (SQLite: in memory; PostgreSQL: a temporary
 * prisma_migrate_shadow_db_<uuid> database, dropped afterwards). Empty string when the schema is fully migrated.
 */
export async function diffSchema(options: Options = {}): Promise<string> {
  const target = resolveTarget(options.url, options);
  const list = loadMigrationsList(target.migrationsDir);
  checkLockFile(list, target.provider);
  return withEngine({ ...options, url: target.url }, async (s) => {
    const out = await s.engine.diff({
      from: { tag: "migrations", ...list },
      to: { tag: "schemaDatamodel", files: [{ path: s.schemaPath, content: s.schemaText }] },
      script: true,
      exitCode: null,
      filters: FILTERS,
    });
    const text = out.stdout ?? "";
    return /^\s*-- This is an empty migration\.\s*$/.test(text) ? "" : text;
  });
}

/**
 * `reset --force`: SQLite: deletes the file (and -wal/-shm/-journal); PostgreSQL: the engine
 * drops and recreates the schema. Then deploys.
 */
export async function resetDatabase(url?: string, options: Options = {}): Promise<DeployResult> {
  const target = resolveTarget(url ?? options.url, options);
  if (target.provider === "postgresql") {
    await withEngine({ ...options, url: target.url }, (s) => s.engine.reset({ filter: FILTERS }));
    return deployMigrations(target.url, options);
  }
  const filePath = target.filePath!;
  if (filePath === ":memory:") throw new MigrateError("Nothing to reset for :memory:");
  await withFileLock(filePath, async () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      fs.rmSync(filePath + suffix, { force: true });
    }
  });
  return deployMigrations(url, options);
}
