// Any error in one line: a MigrateError's message as is, the engine's "External error id#N" resolved
// from the adapter's registry, its span trace only with MIGRATE_DEBUG=1.
import type { ErrorCapturingSqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { MigrateError } from "../../server/migrate/index.ts";

type EngineError = { message?: string; code?: string; error_code?: string; meta?: unknown };

/** Turns an engine error into readable text, resolving `External error id#N`. */
export function describeError(error: unknown, bound?: ErrorCapturingSqlMigrationAwareDriverAdapterFactory): string {
  if (error instanceof MigrateError) return error.message;
  const e = (error ?? {}) as EngineError;
  let message = typeof e.message === "string" ? e.message : String(error);
  if (bound) {
    message = message.replace(/External error id#(\d+)/g, (whole, id: string) => {
      const record = bound.errorRegistry.consumeError(Number(id));
      if (!record) return whole;
      const inner = record.error as { message?: string; cause?: unknown } | undefined;
      const cause = inner?.cause as { originalMessage?: string; kind?: string } | undefined;
      const text =
        cause?.originalMessage ??
        (inner?.message && inner.message !== "" ? inner.message : undefined) ??
        JSON.stringify(cause ?? inner);
      return `driver error: ${text}`;
    });
  }
  // Drop the engine's span trace ("   0: sql_schema_connector::... at file.rs:17") unless debugging.
  if (!process.env.MIGRATE_DEBUG) {
    const at = message.search(/\n\s+0: [a-z_]+::/);
    if (at !== -1) message = message.slice(0, at);
  }
  message = message.trimEnd();
  const code = e.error_code ?? e.code;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
