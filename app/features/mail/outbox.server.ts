// The mail outbox: every e-mail is first a row here, so a mail-server outage or a restart
// loses nothing. Delivery (nodemailer over SMTP_URL, with retries) reads pending rows.
import { prisma } from "~/lib/db.server.ts";

export type MailKind =
  "user.approved" | "registration.notice" | "message.notice" | "contact.form" | "email.confirm" | "email.changed";

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: MailKind };

type Tx = Pick<typeof prisma, "outboxMail">;

export async function enqueueMail(mail: OutgoingMail, tx: Tx = prisma) {
  return tx.outboxMail.create({
    data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind },
    select: { id: true },
  });
}

export const OUTBOX_PAGE_SIZE = 30;
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The outbox for the admin panel, newest first, paginated, optionally one status only. */
export async function listOutbox({ page = 1, status }: { page?: number; status?: OutboxStatus } = {}) {
  const where = status ? { status } : {};
  const [total, items] = await Promise.all([
    prisma.outboxMail.count({ where }),
    prisma.outboxMail.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (Math.max(1, page) - 1) * OUTBOX_PAGE_SIZE,
      take: OUTBOX_PAGE_SIZE,
      select: {
        id: true,
        to: true,
        subject: true,
        text: true,
        kind: true,
        status: true,
        attempts: true,
        nextAttemptAt: true,
        lastError: true,
        sentAt: true,
        createdAt: true,
      },
    }),
  ]);
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) };
}

/**
 * Puts a failed mail back in the queue (an admin fixed the address or the mail server): the
 * sender tries it at its next round with a fresh back-off. Only failed mail; false otherwise.
 */
export async function retryMail(id: string): Promise<boolean> {
  const { count } = await prisma.outboxMail.updateMany({
    where: { id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date() },
  });
  return count === 1;
}
