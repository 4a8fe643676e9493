// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, tableRows } from "~/lib/personal-data.server.ts";
import { nameScrubber } from "~/features/mail/privacy.server.ts";
import { getPreferences } from "./notify.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";

/** The person's notifications (features/notifications), oldest first. */
function notifications(userId: string) {
  return tableRows({
    where: { userId },
    find: (page) => prisma.notification.findMany(page),
    item: (r) => ({
      id: r.id,
      tipo: r.kind,
      titulo: r.title,
      texto: r.text,
      enlace: r.link,
      creadaEn: r.createdAt,
      leidaEn: r.readAt,
      enResumenDiario: r.digestPending,
    }),
  });
}

export const notificationData = jsonFile(
  "notificaciones.json",
  [
    "  Tus notificaciones (tipo, título, texto, enlace, fecha y cuándo la leíste) y cómo elegiste",
    "  recibir cada tipo (preferencias: app, solo en la plataforma; email, correo al momento; digest,",
    "  resumen diario).",
  ],
  async (userId) => ({ preferencias: await getPreferences(userId), notificaciones: notifications(userId) }),
);

/**
 * Account deletion: the 'mensaje' notifications a person's messages caused name them: each
 * links its message (`…?ver={id}`), so those are found exactly; the name in the title and text
 * becomes `sender`. Written per distinct wording (a message to a class is one).
 */
export async function renameInMessageNotifications(
  tx: Prisma.TransactionClient,
  sent: Array<{ id: string }>,
  names: string[],
  sender: string,
) {
  if (sent.length === 0 || names.length === 0) return;
  const scrub = nameScrubber(names, sender);
  for (let i = 0; i < sent.length; i += 500) {
    const links = sent
      .slice(i, i + 500)
      .flatMap((m) => ["user", "docente", "admin"].map((panel) => `/${panel}/messages?ver=${m.id}`));
    const rows = await tx.notification.findMany({
      where: { kind: "mensaje", link: { in: links } },
      select: { id: true, title: true, text: true },
    });
    for (const group of Map.groupBy(rows, (row) => `${row.title}\n${row.text}`).values()) {
      await tx.notification.updateMany({
        where: { id: { in: group.map((row) => row.id) } },
        data: { title: scrub(group[0]!.title), text: scrub(group[0]!.text) },
      });
    }
  }
}
