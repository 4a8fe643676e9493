import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI cannot download its native schema engine on these machines. `prisma generate`
// does not need it; migrations run through scripts/migrate.ts (the WebAssembly engine).
// The stub makes any CLI command that would need the native engine fail with a clear hint.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/no-schema-engine.sh");

// The config describes the SQLite schema (the default and source of truth). The PostgreSQL
// variant, prisma/postgresql/schema.prisma, is derived by scripts/pg-schema.ts and generated
// with `prisma generate --schema prisma/postgresql/schema.prisma` (the flag overrides `schema`
// below); its migrations live in prisma/postgresql/migrations and also run through
// scripts/migrate.ts, chosen by DATABASE_URL's scheme (docs/decisions/004-postgresql.md).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
