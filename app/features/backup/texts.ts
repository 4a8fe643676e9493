// The backups' Spanish texts (docs/product.md#backups). Plain module: safe for the browser.

/** The privacy notice's line: how long deleted data stays in the backups (BACKUP_KEEP, BACKUP_EVERY_H). */
export function backupRetentionText({ keep, everyHours }: { keep: number; everyHours: number | null }) {
  const span = (hours: number) => {
    const h = Math.round(hours);
    return h >= 48 && h % 24 === 0 ? `${h / 24} días` : `${h} ${h === 1 ? "hora" : "horas"}`;
  };
  const copies = keep === 1 ? "la copia más reciente" : `las ${keep} copias más recientes`;
  const base =
    `Copias de seguridad: guardamos ${copies}; lo que borras sigue en ${keep === 1 ? "ella" : "ellas"} ` +
    "hasta que se reemplaza " +
    "la última copia que lo contiene";
  return everyHours
    ? `${base} (se hace una cada ${span(everyHours)}: a lo más ${span(keep * everyHours)}).`
    : `${base}.`;
}

/** The admin panel's warnings about the backups (status.ts). */
export const BACKUP_FAILED = "La última copia de seguridad falló.";
export const BACKUP_NONE = "Aún no hay ninguna copia de seguridad.";
export const BACKUP_STALE = "La última copia de seguridad tiene más de dos días.";
export const BACKUP_OFF = "Las copias automáticas están desactivadas (BACKUP_EVERY_H=0).";

/** A backup's size in the academy's locale: '850 kB', '12,3 MB', '1,2 GB'. */
export function formatBackupSize(bytes: number): string {
  const [value, unit] =
    bytes >= 1e9 ? [bytes / 1e9, "gigabyte"] : bytes >= 1e6 ? [bytes / 1e6, "megabyte"] : [bytes / 1e3, "kilobyte"];
  return new Intl.NumberFormat("es-CL", { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
