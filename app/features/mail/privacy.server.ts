// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, tableRows } from "~/lib/personal-data.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { DROPPED_TEXT } from "./outbox.server.ts";

/**
 * The e-mail the academy sent (or will send) to the account: what, when and how it went, not
 * its text, which may carry a live single-use link.
 */
function mails(userId: string) {
  return tableRows({
    where: { toUserId: userId },
    find: (page) =>
      prisma.outboxMail.findMany({
        ...page,
        select: { id: true, to: true, subject: true, kind: true, status: true, createdAt: true, sentAt: true },
      }),
    item: (r) => ({
      para: r.to,
      asunto: r.subject,
      tipo: r.kind,
      estado: MAIL_STATES[r.status] ?? r.status,
      creadoEn: r.createdAt,
      enviadoEn: r.sentAt,
    }),
  });
}

const MAIL_STATES: Record<string, string> = { pending: "por enviar", sent: "enviado", failed: "no se pudo enviar" };

export const mailData = jsonFile(
  "correos.json",
  [
    "  Los correos que la academia te envió: asunto, tipo, estado y fecha. Su texto no está (puede",
    "  llevar un enlace de un solo uso).",
  ],
  mails,
);

/**
 * Account deletion: new-message notices the person's messages caused name them ('Nuevo mensaje de Ana Pérez…'):
 * in those still in the outbox the name becomes `sender` ('Cuenta eliminada'). A notice is theirs when it
 * went to one of their messages' recipients, names them, and links one of their messages (or
 * its text was already dropped).
 */
export async function renameInMessageNotices(
  tx: Prisma.TransactionClient,
  sent: Array<{ id: string; to: string }>,
  names: string[],
  sender: string,
) {
  if (sent.length === 0 || names.length === 0) return;
  const ids = new Set(sent.map((m) => m.id));
  const notices = await tx.outboxMail.findMany({
    where: { kind: "message.notice", to: { in: [...new Set(sent.map((m) => m.to))] } },
    select: { id: true, subject: true, text: true, html: true },
  });
  const scrub = nameScrubber(names, sender);
  for (const notice of notices) {
    if (!names.some((name) => notice.subject.includes(name) || notice.text.includes(name))) continue;
    const linked = /[?&]ver=([A-Za-z0-9_-]+)/.exec(notice.text)?.[1];
    if (linked ? !ids.has(linked) : notice.text !== DROPPED_TEXT) continue;
    await tx.outboxMail.update({
      where: { id: notice.id },
      data: { subject: scrub(notice.subject), text: scrub(notice.text), html: notice.html ? scrub(notice.html) : null },
    });
  }
}

/** Replaces each of `names` by `sender`, longest first (never half of a name inside a longer one). */
export function nameScrubber(names: string[], sender: string) {
  const byLength = [...names].sort((a, b) => b.length - a.length);
  return (value: string) => byLength.reduce((text, name) => text.split(name).join(sender), value);
}

/**
 * Account deletion: mail for the person goes (its text names them): to any of their addresses or
 * their account, and the request for their guardian's consent (to the guardian, naming the child).
 */
export async function eraseMail(
  tx: Prisma.TransactionClient,
  person: { userId: string; addresses: string[]; name: string; guardian: string | null },
) {
  const guardianMail =
    person.guardian && person.name
      ? [{ kind: "registration.guardian", to: person.guardian, subject: { contains: person.name } }]
      : [];
  await tx.outboxMail.deleteMany({
    where: { OR: [{ to: { in: person.addresses } }, { toUserId: person.userId }, ...guardianMail] },
  });
}
