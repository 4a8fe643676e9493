// `npm run backup`: one consistent, timestamped backup of the database and the stored files into
// BACKUP_DIR (default DATA_DIR/backups), keeping the newest BACKUP_KEEP (default 7). Safe while the
// site serves. See app/features/backup/backup.server.ts and docs/decisions/029-backup-and-restore.md.
//
//   npm run backup              make one
//   npm run backup -- --list    list the complete backups, oldest first
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  backupConfig,
  BackupError,
  createBackup,
  listBackups,
  MANIFEST,
} from "../app/features/backup/backup.server.ts";
import type { Manifest } from "../app/features/backup/backup.server.ts";
import { recordManualBackup } from "../app/features/backup/schedule.server.ts";

const USAGE = "Usage: npm run backup [-- --list]";

const rel = (p: string) => path.relative(process.cwd(), p) || ".";
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rows = (m: Manifest) => Object.values(m.tables).reduce((sum, n) => sum + n, 0);

function describe(m: Manifest): string {
  const fileBytes = m.files.reduce((sum, f) => sum + f.size, 0);
  const files =
    m.storage === "local" ? `${m.files.length} files, ${mb(fileBytes)}` : `${m.files.length} S3 keys listed`;
  return (
    `${m.engine}, migration ${m.migration ?? "none"}, ${Object.keys(m.tables).length} tables, ${rows(m)} rows, ` +
    `database ${mb(m.database.bytes)}, ${files}`
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { list: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = backupConfig();
  if (values.list) {
    const names = await listBackups(config.backupDir);
    if (names.length === 0) console.log(`No backups in ${rel(config.backupDir)}.`);
    for (const name of names) {
      const manifest = JSON.parse(fs.readFileSync(path.join(config.backupDir, name, MANIFEST), "utf8")) as Manifest;
      console.log(`${rel(path.join(config.backupDir, name))}  ${describe(manifest)}`);
    }
    return 0;
  }
  const startedAt = new Date();
  let made: Awaited<ReturnType<typeof createBackup>>;
  try {
    made = await createBackup({ ...config, log: (line) => console.warn(line), now: startedAt });
  } catch (error) {
    // The admin panel's 'Copia de seguridad' says it failed (when the database answers at all).
    const message = error instanceof Error ? error.message : String(error);
    await recordManualBackup(startedAt, { error: message }).catch(() => {});
    throw error;
  }
  await recordManualBackup(startedAt, made).catch((error: unknown) =>
    console.warn(`The backup is complete, but the admin panel will not show it: ${String(error)}`),
  );
  console.log(`Backup written: ${rel(made.path)} in ${made.manifest.seconds} s`);
  console.log(`  ${describe(made.manifest)}`);
  if (made.manifest.storage === "s3") {
    console.log("  The stored files stay in the bucket: its versioning or replication keeps them.");
  }
  for (const name of made.pruned) console.log(`  Removed the old backup ${name} (BACKUP_KEEP=${config.keep}).`);
  return 0;
}

try {
  process.exit(await main());
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  if (!(error instanceof BackupError)) console.error(error);
  process.exit(error instanceof BackupError ? error.exitCode : 1);
}
