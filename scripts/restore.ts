// `npm run restore -- <backup> [--force]`: restores a backup made by `npm run backup` into
// DATABASE_URL's database and DATA_DIR/uploads, then checks the restored rows and files against
// the backup's manifest. Refuses a non-empty target unless --force (stop the server first).
// <backup> is a backup's folder, or its name inside BACKUP_DIR. See
// app/features/backup/restore.server.ts and docs/decisions/029-backup-and-restore.md.
// Ctrl-C (SIGINT) or SIGTERM stops it: the step under way is ended (pg_restore, psql: its
// transaction rolls back), what was staged is removed, nothing is replaced, and it exits 130 or
// 143. A second signal exits at once.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupConfig, BackupError, redactUrl } from "../app/features/backup/backup.server.ts";
import { restoreBackup } from "../app/features/backup/restore.server.ts";
import { migrationsFolderFor } from "../server/migrate/index.ts";

const USAGE = "Usage: npm run restore -- <backup folder or name> [--force]";

const rel = (p: string) => path.relative(process.cwd(), p) || ".";

const EXIT_ON_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;
const stop = new AbortController();
let stoppedBy: keyof typeof EXIT_ON_SIGNAL | undefined;
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.on(name, () => {
    if (stoppedBy) {
      console.error(`Restore: ${name} again, exiting now: look for what it left beside the target.`);
      process.exit(EXIT_ON_SIGNAL[name]);
    }
    stoppedBy = name;
    console.error(`Restore: ${name} received, stopping (the step under way is ended, what was staged removed)…`);
    stop.abort();
  });
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean", short: "f" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new BackupError(USAGE, 2);
  const config = backupConfig();
  const given = positionals[0]!;
  const from = fs.existsSync(given) ? path.resolve(given) : path.join(config.backupDir, given);
  if (!fs.existsSync(from)) throw new BackupError(`No backup at ${given} (nor in ${rel(config.backupDir)}).`, 2);
  const folder = migrationsFolderFor(config.databaseUrl);
  const knownMigrations = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const result = await restoreBackup({
    ...config,
    from,
    force: values.force,
    knownMigrations,
    log: (line) => console.log(line),
    signal: stop.signal,
  });
  const { manifest } = result;
  const target = manifest.engine === "sqlite" ? config.databaseUrl : redactUrl(config.databaseUrl);
  console.log(`Restored ${rel(from)} (made ${manifest.createdAt}, migration ${manifest.migration ?? "none"})`);
  console.log(`  into ${target}${manifest.storage === "local" ? ` and ${rel(config.uploadsDir)}` : ""}`);
  if (result.replaced.length > 0) console.log(`  replacing ${result.replaced.join(" and ")} (--force)`);
  console.log(`Checked: ${result.tables} tables and ${result.rows} rows as in the manifest;`);
  console.log(
    manifest.storage === "local"
      ? `  ${result.files} stored files present, sizes as in the manifest.`
      : `  ${result.files} stored files present in the bucket.`,
  );
  console.log("Start the server: it applies any newer migrations at start.");
  return 0;
}

try {
  process.exit(await main());
} catch (error) {
  console.error(`Restore failed: ${error instanceof BackupError ? error.message : String(error)}`);
  if (!(error instanceof BackupError)) console.error(error);
  process.exit(stoppedBy ? EXIT_ON_SIGNAL[stoppedBy] : error instanceof BackupError ? error.exitCode : 1);
}
