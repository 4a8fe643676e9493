import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI cannot download its native schema engine on these machines. `prisma generate`
// does not need it; migrations run through scripts/migrate.ts (the WebAssembly engine).
// The stub makes any CLI command that would need the native engine fail with a clear hint.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/no-schema-engine.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
