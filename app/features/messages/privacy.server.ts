// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { json, tableRows, type PersonalData } from "~/lib/personal-data.server.ts";
import { messageSelect } from "./messages.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { renameInMessageNotices } from "~/features/mail/privacy.server.ts";
import { renameInMessageNotifications } from "~/features/notifications/privacy.server.ts";

/** What the person sent: whether it was read is the recipient's (docs/product.md#messages). */
function sentMessages(userId: string) {
  return tableRows({
    where: { fromId: userId },
    find: (page) => prisma.message.findMany({ ...page, select: messageSelect }),
    item: (r) => ({
      id: r.id,
      para: shownAddress(r.to),
      asunto: r.subject,
      contenido: r.content,
      enviadoEn: r.createdAt,
    }),
  });
}

function receivedMessages(userId: string) {
  return tableRows({
    where: { toId: userId },
    find: (page) => prisma.message.findMany({ ...page, select: messageSelect }),
    item: (r) => ({
      id: r.id,
      de: { nombre: r.fromName, correo: shownAddress(r.from), rol: r.fromRole },
      para: shownAddress(r.to),
      asunto: r.subject,
      contenido: r.content,
      recibidoEn: r.createdAt,
      leidoEn: r.leidoEn,
    }),
  });
}

export const messageData: PersonalData = {
  readme: [
    "mensajes-enviados.json y mensajes-recibidos.json",
    "  Los mensajes que enviaste y los que recibiste en la academia.",
  ],
  async *files(userId) {
    yield { name: "mensajes-enviados.json", data: json(sentMessages(userId)) };
    yield { name: "mensajes-recibidos.json", data: json(receivedMessages(userId)) };
  },
};

/**
 * Account deletion: messages the person sent stay with their recipients, from `sender` ('Cuenta
 * eliminada'): no name, address or role; so do the notices and notifications they caused. The
 * messages they received go with the account (cascade).
 */
export async function eraseSentMessages(tx: Prisma.TransactionClient, userId: string, name: string, sender: string) {
  const sent = await tx.message.findMany({ where: { fromId: userId }, select: { id: true, to: true, fromName: true } });
  if (sent.length === 0) return;
  await tx.message.updateMany({
    where: { fromId: userId },
    data: { fromId: null, from: "", fromName: sender, fromRole: "" },
  });
  const names = [...new Set([name, ...sent.map((m) => m.fromName)].map((n) => n.trim()))].filter(
    (n) => n && n !== sender,
  );
  if (names.length === 0) return;
  await renameInMessageNotices(tx, sent, names, sender);
  await renameInMessageNotifications(tx, sent, names, sender);
}
