// `npm run restore -- <backup>`: restores a backup made by `npm run backup` into DATABASE_URL's
// database and DATA_DIR/uploads, which must be empty (it never replaces data), then checks the
// restored rows and files against the backup's manifest. <backup> is a backup's folder, or its
// name inside BACKUP_DIR. See app/features/backup/restore.server.ts and
// docs/decisions/029-backup-and-restore.md.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupConfig, BackupError, redactUrl } from "../app/features/backup/backup.server.ts";
import { restoreBackup } from "../app/features/backup/restore.server.ts";
import { migrationsFolderFor } from "../server/migrate/index.ts";

const USAGE = "Usage: npm run restore -- <backup folder or name>";

const rel = (p: string) => path.relative(process.cwd(), p) || ".";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
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
  const result = await restoreBackup({ ...config, from, knownMigrations, log: (line) => console.log(line) });
  const { manifest } = result;
  const target = manifest.engine === "sqlite" ? config.databaseUrl : redactUrl(config.databaseUrl);
  console.log(`Restored ${rel(from)} (made ${manifest.createdAt}, migration ${manifest.migration ?? "none"})`);
  console.log(`  into ${target}${manifest.storage === "local" ? ` and ${rel(config.uploadsDir)}` : ""}`);
  console.log(`Checked: ${result.tables} tables and ${result.rows} rows as in the manifest;`);
  console.log(
    manifest.storage === "local"
      ? `  ${result.files} stored files copied, each as in the manifest (SHA-256).`
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
  process.exit(error instanceof BackupError ? error.exitCode : 1);
}
