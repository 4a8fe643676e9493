// How many worker processes serve the port (server/index.ts, docs/decisions/031-sqlite-write-transactions.md).
import os from "node:os";

/**
 * Memory set aside per worker. A worker of the production build holds 300–350 MB at rest (measured
 * on the e2e database); uploads in flight (up to about 100 MB, decision 010) come on top, and the
 * machine keeps room for the files' cache.
 */
const MEMORY_PER_WORKER = 768 * 1024 * 1024;
/**
 * The default's ceiling. Past a few processes the machine's other work (the database, backups,
 * PDFs) needs cores too, and on SQLite every worker waits for the one write lock; a bigger
 * machine sets WEB_CONCURRENCY.
 */
const MAX_DEFAULT_WORKERS = 4;
/** The most WEB_CONCURRENCY may ask for. */
const MAX_WORKERS = 64;

type Machine = { cores: number; memory: number };

/** The cores this process may use, and the memory it may use (a container's limit if it has one). */
function thisMachine(): Machine {
  const limit = process.constrainedMemory();
  return { cores: os.availableParallelism(), memory: limit > 0 ? Math.min(limit, os.totalmem()) : os.totalmem() };
}

/**
 * WEB_CONCURRENCY if it is a whole number from 1 (at most 64); otherwise one worker per core, as
 * many as the memory holds at MEMORY_PER_WORKER each, at most MAX_DEFAULT_WORKERS, at least one.
 */
export function webConcurrency(setting = process.env.WEB_CONCURRENCY, machine: Machine = thisMachine()): number {
  const asked = Math.floor(Number(setting));
  if (setting && asked >= 1) return Math.min(MAX_WORKERS, asked);
  const fits = Math.floor(machine.memory / MEMORY_PER_WORKER);
  return Math.max(1, Math.min(machine.cores, fits, MAX_DEFAULT_WORKERS));
}
