// Hosts @prisma/schema-engine-wasm (pinned to Prisma 7.10.0's; decision 001) in Node: loads it by
// hand (it is built for bundlers) and gives each command a Session that frees the engine and
// closes every connection afterwards.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import type * as SchemaEngineBg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { createAdapterFactory, databaseProvider } from "../../app/lib/db-adapter.ts";
import { MigrateError, resolveTarget } from "../../server/migrate/index.ts";
import type { Options, Target } from "../../server/migrate/index.ts";
import { wrapAdapter } from "./adapter-fixes.ts";
import { describeError } from "./errors.ts";
import { pgMigrationFactory } from "./postgres-adapter.ts";

/** No external tables or enums: the engine manages the whole database (or `?schema=`). */
export const FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

// Engine loading (the package is built for bundlers; Node cannot `import "./x.wasm"`).

type Runtime = typeof SchemaEngineBg;
let runtimePromise: Promise<Runtime> | undefined;

function loadRuntime(): Promise<Runtime> {
  runtimePromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const runtime = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as Runtime & Record<string, unknown>;
    const bytes = fs.readFileSync(path.join(path.dirname(bgPath), "schema_engine_bg.wasm"));
    // The engine arms a 60 s timer that would keep the event loop (and an in-process caller
    // such as Vitest's global setup) alive: hand it unref'd timers instead.
    const imports: Record<string, unknown> = { ...runtime };
    for (const key of Object.keys(runtime)) {
      if (key.startsWith("__wbg_setTimeout_")) {
        imports[key] = (fn: () => void, ms: number) => {
          const t = setTimeout(fn, ms >>> 0);
          t.unref();
          return t;
        };
      }
    }
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
      "./schema_engine_bg.js": imports as WebAssembly.ModuleImports,
    });
    runtime.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return runtime;
  })();
  return runtimePromise;
}

// Sessions.

/**
 * The factory handed to the engine. `open` tracks its connections: the engine does not close
 * them when freed, and applyMigrations leaves `PRAGMA locking_mode=EXCLUSIVE` on the main one,
 * so an unclosed connection would lock every other connection out of the file.
 */
function migrationAwareFactory(url: string, open: Set<SqlDriverAdapter>): SqlMigrationAwareDriverAdapterFactory {
  if (databaseProvider(url) === "postgresql") return pgMigrationFactory(url, open);
  const base = createAdapterFactory(url) as unknown as SqlMigrationAwareDriverAdapterFactory;
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => wrapAdapter(await base.connect(), open),
    connectToShadowDb: async () => wrapAdapter(await base.connectToShadowDb(), open),
  };
}

export type Session = Target & { engine: SchemaEngine; schemaText: string };

/**
 * Runs `fn` with an engine on the target database and schema. Engine and driver errors come
 * out as MigrateError with a readable message (describeError).
 */
export async function withEngine<T>(options: Options, fn: (s: Session) => Promise<T>): Promise<T> {
  const target = resolveTarget(options.url, options);
  const schemaText = fs.readFileSync(target.schemaPath, "utf8");
  const runtime = await loadRuntime();
  const open = new Set<SqlDriverAdapter>();
  const bound = bindMigrationAwareSqlAdapterFactory(migrationAwareFactory(target.url, open));
  const closeAll = async () => {
    for (const adapter of [...open]) await adapter.dispose().catch(() => {});
  };
  let engine: SchemaEngine;
  try {
    engine = await runtime.SchemaEngine.new(
      { datamodels: [[target.schemaPath, schemaText]] },
      (line: string) => {
        if (process.env.MIGRATE_DEBUG) console.error("[schema-engine]", line);
      },
      bound,
    );
  } catch (err) {
    await closeAll();
    throw new MigrateError(describeError(err, bound));
  }
  try {
    return await fn({ ...target, engine, schemaText });
  } catch (err) {
    if (err instanceof MigrateError) throw err;
    throw new MigrateError(describeError(err, bound));
  } finally {
    try {
      engine.free();
    } catch {
      // already freed
    }
    await closeAll();
  }
}
