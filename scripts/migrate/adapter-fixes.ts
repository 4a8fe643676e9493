// The runtime's driver adapters, wrapped for migration scripts and tracked so every connection is
// closed. SQLite: a parameterless multi-statement executeRaw (the engine's replay of a script)
// goes to executeScript, as better-sqlite3 prepares one statement at a time. PostgreSQL:
// adapter-pg's executeScript splits on every `;` (string literals, dollar quotes), so a script goes
// as one executeRaw (the simple-query protocol runs it whole).
import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";

/**
 * True when `sql` holds more than one statement (a `;` outside quotes/comments followed by
 * more SQL). Conservative: a trigger body counts as several, which is fine (executeScript).
 */
function isMultiStatement(sql: string): boolean {
  let seenTerminator = false;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? n : end + 2;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === ";") {
      seenTerminator = true;
      i++;
      continue;
    }
    if (seenTerminator) return true;
    if (c === "'" || c === '"' || c === "`" || c === "[") {
      const close = c === "[" ? "]" : c;
      i++;
      while (i < n) {
        if (sql[i] === close) {
          if (close !== "]" && sql[i + 1] === close) {
            i += 2; // doubled quote escape
            continue;
          }
          break;
        }
        i++;
      }
      i++;
      continue;
    }
    i++;
  }
  return false;
}

/**
 * Wraps a connection for the engine (see the header for the two script fixes). It joins `open`
 * until disposed; `onDispose` runs after the connection has closed (e.g. dropping a shadow database).
 */
export function wrapAdapter(
  adapter: SqlDriverAdapter,
  open: Set<SqlDriverAdapter>,
  onDispose?: () => Promise<void>,
): SqlDriverAdapter {
  const isPg = adapter.provider === "postgres";
  const wrapped: SqlDriverAdapter = {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (q: SqlQuery) => adapter.queryRaw(q),
    executeRaw: async (q: SqlQuery) => {
      if (!isPg && q.args.length === 0 && isMultiStatement(q.sql)) {
        await adapter.executeScript(q.sql);
        return 0;
      }
      return adapter.executeRaw(q);
    },
    executeScript: isPg
      ? async (script: string) => {
          await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
        }
      : (script: string) => adapter.executeScript(script),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    dispose: async () => {
      if (!open.delete(wrapped)) return;
      try {
        await adapter.dispose();
      } finally {
        await onDispose?.();
      }
    },
  };
  open.add(wrapped);
  if (adapter.getConnectionInfo) {
    wrapped.getConnectionInfo = () => adapter.getConnectionInfo!();
  }
  return wrapped;
}
