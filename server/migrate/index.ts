// Migrations without Prisma's native schema engine (docs/decisions/001-migrations-without-native-engine.md):
// Prisma's own schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), driven
// through the same driver adapters as the runtime client (app/lib/db-adapter.ts). Writes the
// same prisma/migrations/<ts>_<name>/migration.sql + migration_lock.toml layout and the same
// `_prisma_migrations` table (sha256 checksums) as the Prisma CLI, so `prisma migrate deploy`
// accepts the same history. PostgreSQL: docs/decisions/004-postgresql.md.
//
// This file is the public surface; importers use it, not the files behind it. Nothing here has
// CLI side effects (no process.exit, no argv parsing): server/index.ts calls deployMigrations()
// at start, the Vitest global setup calls it in-process, and scripts/migrate.ts is the CLI.
//
//   providers.ts         per-provider schema and folder, migration_lock.toml, the run's target
//   errors.ts            MigrateError and readable engine errors
//   migration-list.ts    the migrations folder as the engine reads it, checksums
//   schema-engine.ts     loading the WebAssembly engine, sessions, connections of our own
//   adapter-fixes.ts     driver adapters as the engine needs them (multi-statement scripts)
//   postgres-adapter.ts  PostgreSQL's fixes: the "char" type, shadow databases, ?schema=
//   deploy.ts            deploy, and one run at a time per database (lock directory, advisory lock)
//   dev-commands.ts      dev, status, diff, reset
export { databaseProvider, databaseUrl } from "../../app/lib/db-adapter.ts";
export { MIGRATIONS_DIR, PG_MIGRATIONS_DIR, migrationsFolderFor, providerPaths, rel } from "./providers.ts";
export { describeError } from "./errors.ts";
export { loadMigrationsList } from "./migration-list.ts";
export { deployMigrations } from "./deploy.ts";
export { devMigration, diffSchema, migrationStatus, resetDatabase } from "./dev-commands.ts";
