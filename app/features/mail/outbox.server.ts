// The mail outbox: every e-mail is first a row here, so a mail-server outage or a restart
// loses nothing. Delivery (nodemailer over SMTP_URL, with retries) reads pending rows.
import { prisma } from "~/lib/db.server.ts";

export type MailKind = "user.approved" | "message.notice" | "contact.form";

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: MailKind };

type Tx = Pick<typeof prisma, "outboxMail">;

export async function enqueueMail(mail: OutgoingMail, tx: Tx = prisma) {
  return tx.outboxMail.create({
    data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind },
    select: { id: true },
  });
}

/** The newest outbox rows, for the admin panel (without SMTP_URL mail stays here). */
export function listOutbox(take = 100) {
  return prisma.outboxMail.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, to: true, subject: true, text: true, kind: true, status: true, attempts: true, nextAttemptAt: true, lastError: true, sentAt: true, createdAt: true },
  });
}
