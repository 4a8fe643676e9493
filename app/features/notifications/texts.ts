// The texts of notifications (docs/product.md#notifications). Plain module: safe for the browser.

export const EMPTY = "No tienes notificaciones.";
export const MARKED_ALL = "Marcamos todas tus notificaciones como leídas.";
export const NOT_FOUND = "No encontramos esa notificación.";
export const MARK_READ_INVALID = 'Envía el id de una notificación o "todas": true.';
export const PREFS_SAVED = "Guardamos tus preferencias de notificaciones.";
export const PREFS_INVALID = "Elige una opción válida para cada tipo de notificación.";

export function kindStopped(label: string): string {
  return (
    `Listo: ya no te enviaremos por correo «${label}». Las seguirás viendo en «Notificaciones», en la academia, ` +
    "y puedes volver a activarlas en tu perfil."
  );
}

/** The daily digest's e-mail (before its footer): the notifications in the order they came. */
export function digestMail(d: {
  items: ReadonlyArray<{ title: string; text: string; url: string }>;
  more: number;
  total: number;
  allUrl: string;
  brand: string;
}): { subject: string; text: string } {
  const count = d.total === 1 ? "1 notificación" : `${d.total} notificaciones`;
  const items = d.items.map((i) => `• ${i.title}\n  ${i.text}\n  ${i.url}`).join("\n\n");
  const more = d.more > 0 ? `\n\n…y ${d.more === 1 ? "1 más" : `${d.more} más`}.` : "";
  return {
    subject: `Tu resumen diario: ${count}`,
    text:
      `Hola:\n\nEstas son tus notificaciones desde el último resumen:\n\n${items}${more}\n\n` +
      `Todas tus notificaciones: ${d.allUrl}\n\nSaludos,\n${d.brand}`,
  };
}

/** The one-click unsubscribe of the daily digest: what it did. */
export const DIGEST_STOPPED =
  "Listo: ya no te enviaremos el resumen diario por correo. Tus notificaciones siguen en «Notificaciones», en la " +
  "academia, y puedes volver a elegir el resumen en tu perfil.";
