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
