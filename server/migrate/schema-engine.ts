// Hosts @prisma/schema-engine-wasm (pinned to Prisma 7.10.0's; decision 001) in Node: loads it by
// hand (it is built for bundlers) and gives each command a Session that frees the engine and
// closes every connection afterwards.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type {
  ErrorCapturingSqlMigrationAwareDriverAdapterFactory,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import type * as SchemaEngineBg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { createAdapterFactory, databaseProvider, pgSettings } from "../../app/lib/db-adapter.ts";
import type { DatabaseProvider } from "../../app/lib/db-adapter.ts";
import { wrapAdapter } from "./adapter-fixes.ts";
import { MigrateError, describeError } from "./errors.ts";
import { pgConnect, pgMigrationFactory } from "./postgres-adapter.ts";
import { resolveTarget } from "./providers.ts";
import type { Options } from "./providers.ts";

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

export type Session = {
  engine: SchemaEngine;
  bound: ErrorCapturingSqlMigrationAwareDriverAdapterFactory;
  url: string;
  provider: DatabaseProvider;
  /** SQLite file (":memory:" as is); null on PostgreSQL. */
  filePath: string | null;
  schemaPath: string;
  schemaText: string;
  migrationsDir: string;
  log: (line: string) => void;
};

/**
 * Runs `fn` with an engine on the target database and schema. Engine and driver errors come
 * out as MigrateError with a readable message (describeError).
 */
export async function withEngine<T>(options: Options, fn: (s: Session) => Promise<T>): Promise<T> {
  const { url, provider, filePath, schemaPath, migrationsDir } = resolveTarget(options.url, options);
  const schemaText = fs.readFileSync(schemaPath, "utf8");
  const runtime = await loadRuntime();
  const open = new Set<SqlDriverAdapter>();
  const bound = bindMigrationAwareSqlAdapterFactory(migrationAwareFactory(url, open));
  const log = options.log ?? (() => {});
  const closeAll = async () => {
    for (const adapter of [...open]) {
      try {
        await adapter.dispose();
      } catch {
        // closing anyway
      }
    }
  };
  let engine: SchemaEngine;
  try {
    engine = await runtime.SchemaEngine.new(
      { datamodels: [[schemaPath, schemaText]] },
      (line: string) => {
        if (process.env.MIGRATE_DEBUG) console.error("[schema-engine]", line);
      },
      bound,
    );
  } catch (err) {
    await closeAll();
    throw new MigrateError(describeError(err, bound));
  }
  const session: Session = {
    engine,
    bound,
    url,
    provider,
    filePath,
    schemaPath,
    schemaText,
    migrationsDir,
    log,
  };
  try {
    return await fn(session);
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

// Connections outside the engine.

/** Runs a query on a short-lived connection of its own. */
export async function withConnection<T>(url: string, fn: (a: SqlDriverAdapter) => Promise<T>): Promise<T> {
  const adapter =
    databaseProvider(url) === "postgresql"
      ? await pgConnect(pgSettings(url).config, pgSettings(url).schema)
      : await (createAdapterFactory(url) as unknown as SqlMigrationAwareDriverAdapterFactory).connect();
  try {
    return await fn(adapter);
  } finally {
    await adapter.dispose();
  }
}

/** The database's tables (PostgreSQL: in the current schema), to tell empty, managed and foreign apart. */
export async function tableNames(url: string): Promise<string[]> {
  const sql =
    databaseProvider(url) === "postgresql"
      ? "SELECT tablename::text FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'";
  return withConnection(url, async (a) => {
    const r = await a.queryRaw({
      sql,
      args: [],
      argTypes: [],
    });
    return r.rows.map((row) => String(row[0]));
  });
}
