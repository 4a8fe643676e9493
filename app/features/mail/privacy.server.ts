// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, json, keyset, rows, type PersonalData } from "~/lib/personal-data.server.ts";

/**
 * The e-mail the academy sent (or will send) to the account: what, when and how it went, not
 * its text, which may carry a live single-use link.
 */
function mails(userId: string) {
  return rows(
    keyset("createdAt", (last, take) =>
      prisma.outboxMail.findMany({
        where: { toUserId: userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: { id: true, to: true, subject: true, kind: true, status: true, createdAt: true, sentAt: true },
      }),
    ),
    (r) => ({
      para: r.to,
      asunto: r.subject,
      tipo: r.kind,
      estado: MAIL_STATES[r.status] ?? r.status,
      creadoEn: r.createdAt,
      enviadoEn: r.sentAt,
    }),
  );
}

const MAIL_STATES: Record<string, string> = { pending: "por enviar", sent: "enviado", failed: "no se pudo enviar" };

export const mailData: PersonalData = {
  readme: [
    "correos.json",
    "  Los correos que la academia te envió: asunto, tipo, estado y fecha. Su texto no está (puede",
    "  llevar un enlace de un solo uso).",
  ],
  async *files(userId) {
    yield { name: "correos.json", data: json(mails(userId)) };
  },
};
