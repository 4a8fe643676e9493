// The admin panel's 'Copia de seguridad' (docs/product.md#resumen): the last scheduled backup and
// when it calls for a warning. Plain module: safe for the browser.
import { BACKUP_FAILED, BACKUP_NONE, BACKUP_OFF, BACKUP_STALE } from "./texts.ts";

/** A finished scheduled backup: when it ended, made (its size) or failed (why). */
export type BackupRunView = { at: Date; made: boolean; bytes: number | null; error: string | null };

/** How old the newest made backup may be before the panel warns: two days. */
const BACKUP_STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The warning the panel shows, or null: the last run failed; no backup was ever made; or the
 * newest made one is older than two days. With the schedule off (BACKUP_EVERY_H=0) the warning
 * says so.
 */
export function backupWarning({
  last,
  lastMade,
  everyHours,
  now,
}: {
  last: BackupRunView | null;
  lastMade: BackupRunView | null;
  everyHours: number;
  now: Date;
}): string | null {
  const off = everyHours > 0 ? "" : ` ${BACKUP_OFF}`;
  if (last && !last.made) return `${BACKUP_FAILED}${off}`;
  if (!lastMade) return `${BACKUP_NONE}${off}`;
  if (now.getTime() - lastMade.at.getTime() > BACKUP_STALE_AFTER_MS) return `${BACKUP_STALE}${off}`;
  return null;
}
