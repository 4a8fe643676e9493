// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, json, keyset, rows, type PersonalData } from "~/lib/personal-data.server.ts";
import { getPreferences } from "./notify.server.ts";

/** The person's notifications (features/notifications), oldest first. */
function notifications(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.notification.findMany({
        where: { userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
      }),
    ),
    (r) => ({
      id: r.id,
      tipo: r.kind,
      titulo: r.title,
      texto: r.text,
      enlace: r.link,
      creadaEn: r.createdAt,
      leidaEn: r.readAt,
      enResumenDiario: r.digestPending,
    }),
  );
}

export const notificationData: PersonalData = {
  readme: [
    "notificaciones.json",
    "  Tus notificaciones (tipo, título, texto, enlace, fecha y cuándo la leíste) y cómo elegiste",
    "  recibir cada tipo (preferencias: app, solo en la plataforma; email, correo al momento; digest,",
    "  resumen diario).",
  ],
  async *files(userId) {
    yield {
      name: "notificaciones.json",
      data: json({ preferencias: await getPreferences(userId), notificaciones: notifications(userId) }),
    };
  },
};
