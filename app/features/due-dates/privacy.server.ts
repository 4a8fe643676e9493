// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile } from "~/lib/personal-data.server.ts";

/** When the calendar feed's address was made (its secret is only a hash) and the reminders sent. */
async function dueDates(userId: string) {
  const [feed, reminders] = await Promise.all([
    prisma.calendarFeed.findUnique({ where: { userId }, select: { createdAt: true } }),
    prisma.moduleReminder.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        createdAt: true,
        modulo: { select: { titulo: true, fechaLimite: true, curso: { select: { titulo: true } } } },
      },
    }),
  ]);
  return {
    calendario: feed ? { enlaceCreadoEn: feed.createdAt } : null,
    recordatorios: reminders.map((r) => ({
      curso: r.modulo.curso.titulo,
      modulo: r.modulo.titulo,
      fechaLimite: r.modulo.fechaLimite,
      enviadoEn: r.createdAt,
    })),
  };
}

export const dueDateData = jsonFile(
  "fechas-limite.json",
  [
    "  Desde cuándo existe tu enlace de calendario (el enlace no está: solo guardamos una huella) y",
    "  los recordatorios de fechas límite que te enviamos: curso, módulo, fecha límite y envío.",
  ],
  dueDates,
);
