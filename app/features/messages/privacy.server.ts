// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, json, keyset, rows, type PersonalData } from "~/lib/personal-data.server.ts";
import { messageSelect } from "./messages.server.ts";

/** What the person sent: whether it was read is the recipient's (docs/product.md#messages). */
function sentMessages(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.message.findMany({
        where: { fromId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: messageSelect,
      }),
    ),
    (r) => ({ id: r.id, para: r.to, asunto: r.subject, contenido: r.content, enviadoEn: r.createdAt }),
  );
}

function receivedMessages(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.message.findMany({
        where: { toId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: messageSelect,
      }),
    ),
    (r) => ({
      id: r.id,
      de: { nombre: r.fromName, correo: r.from, rol: r.fromRole },
      para: r.to,
      asunto: r.subject,
      contenido: r.content,
      recibidoEn: r.createdAt,
      leidoEn: r.leidoEn,
    }),
  );
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
