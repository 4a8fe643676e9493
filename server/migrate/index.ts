// Migrations by Prisma's schema engine compiled to WebAssembly, over the runtime's driver adapters
// (docs/decisions/001-migrations-without-native-engine.md): the Prisma CLI's folder layout and
// `_prisma_migrations` table, so `prisma migrate deploy` accepts the same history. The public
// surface, without CLI side effects (scripts/migrate.ts is the CLI).
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
