// Plain module: the cap on unread counts (messages and notifications), shared by the server's
// counts, the header and the panel menus.
/** The header and menus show "99+" beyond this. */
export const UNREAD_CAP = 99;

/** An unread count as shown: "3", "99+"; "" for none. */
export function unreadShown(count: number): string {
  if (count <= 0) return "";
  return count > UNREAD_CAP ? `${UNREAD_CAP}+` : String(count);
}

/** An unread count as read out: "3 sin leer", "más de 99 sin leer". */
export function unreadSpoken(count: number): string {
  return `${count > UNREAD_CAP ? `más de ${UNREAD_CAP}` : count} sin leer`;
}
