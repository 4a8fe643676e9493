// The mail outbox: every e-mail is first a row here, so a mail-server outage or a restart
// loses nothing. Delivery (nodemailer over SMTP_URL, with retries) reads pending rows.
import { insertRows, newRowId } from "~/lib/db/bulk-insert.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { newestFirstPage, type Cursor } from "~/lib/keyset.ts";
import { readTally } from "~/lib/db/tally.server.ts";
import { excerpt } from "~/lib/text.ts";
import { isNoEmailAddress } from "./no-email.ts";

export type MailKind =
  | "user.approved"
  | "registration.notice"
  | "message.notice"
  | "contact.form"
  /** An admin's answer to a contact message, to the address it came from. */
  | "contact.reply"
  | "email.confirm"
  | "email.changed"
  /** Someone asked to move their account to an address another account has (nothing changes). */
  | "email.taken"
  | "login.guessing"
  | "registration.confirm"
  | "registration.taken"
  | "registration.guardian"
  | "password.reset"
  | "account.created"
  /** A notification's e-mail (features/notifications): `notice.{kind}`; a new message's is message.notice. */
  | `notice.${string}`;

export type OutgoingMail = {
  to: string;
  /** The account the mail is for, by id, when it is for one. */
  toUserId?: string | null;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
};

/**
 * Kinds whose text carries a secret: the e-mail confirmation's single-use link, whose token the
 * database otherwise keeps only as a hash. Such a text is dropped once the mail is sent.
 */
const SECRET_KINDS: ReadonlySet<string> = new Set<MailKind>([
  "email.confirm",
  "registration.confirm",
  "registration.guardian",
  "password.reset",
  "account.created",
]);
/** Days a sent mail keeps its text; then only its envelope (to, subject, kind, dates) remains. */
export const SENT_TEXT_RETENTION_DAYS = 30;
/** What a sent mail's text becomes once dropped (the admin's outbox shows it). */
export const DROPPED_TEXT = "(El texto de este correo se borró después de enviarlo.)";
const DAY = 24 * 60 * 60 * 1000;

/** The body fields the sender writes with "sent": the text dropped at once for a secret kind. */
export function bodyOnceSent(kind: string): { text?: string; html?: null } {
  return SECRET_KINDS.has(kind) ? { text: DROPPED_TEXT, html: null } : {};
}

/**
 * Hourly, idempotent: drops the text of mail sent SENT_TEXT_RETENTION_DAYS ago or more, and of any
 * sent secret kind still holding it. Pending and failed mail keep theirs to be sent.
 */
export async function dropSentMailTexts(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SENT_TEXT_RETENTION_DAYS * DAY);
  const kept = { text: { not: DROPPED_TEXT } };
  const dropped = { text: DROPPED_TEXT, html: null };
  // Both read a range of the (status, createdAt, id) index: sentAt is never before createdAt.
  const old = await prisma.outboxMail.updateMany({
    where: { status: "sent", createdAt: { lte: cutoff }, sentAt: { lte: cutoff }, ...kept },
    data: dropped,
  });
  const secret = await prisma.outboxMail.updateMany({
    where: { status: "sent", createdAt: { gt: cutoff }, kind: { in: [...SECRET_KINDS] }, ...kept },
    data: dropped,
  });
  return old.count + secret.count;
}

type Tx = Pick<typeof prisma, "outboxMail" | "$executeRaw">;

/** The outbox row of a mail. */
function outboxRow(mail: OutgoingMail) {
  return {
    to: mail.to,
    toUserId: mail.toUserId ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    kind: mail.kind,
  };
}

/**
 * Queues a mail; null when its address is no mailbox (an account without e-mail, no-email.ts):
 * such mail is never stored, so no sender ever tries it.
 */
export async function enqueueMail(mail: OutgoingMail, tx: Tx = prisma): Promise<{ id: string } | null> {
  if (isNoEmailAddress(mail.to)) return null;
  return tx.outboxMail.create({ data: outboxRow(mail), select: { id: true } });
}

/**
 * Many mails in a few multi-row inserts, in the caller's transaction (five times cheaper than
 * createMany for a course of 5 000), with the same rule as enqueueMail; returns how many it queued.
 */
export async function enqueueMails(mails: OutgoingMail[], tx: Tx = prisma): Promise<number> {
  const now = new Date();
  const rows = mails
    .filter((mail) => !isNoEmailAddress(mail.to))
    .map((mail) => ({
      id: newRowId(),
      ...outboxRow(mail),
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    }));
  if (rows.length > 0) await insertRows(tx, "OutboxMail", Object.keys(rows[0]!), rows.map(Object.values));
  return rows.length;
}

const OUTBOX_PAGE_SIZE = 30;
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

const outboxSelect = {
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
} as const;

/**
 * The outbox for the admin panel, newest first, 30 a page, optionally one status only: keyset
 * pages and Tally counts (lib/keyset.ts), so every page costs the same at any size.
 */
export async function listOutbox({
  page = 1,
  status,
  cursor = null,
}: { page?: number; status?: OutboxStatus; cursor?: Cursor | null } = {}) {
  const where = status ? { status } : {};
  const total = await readTally(status ? `outbox:${status}` : "outbox:all");
  const { items, ...list } = await newestFirstPage(
    { page, size: OUTBOX_PAGE_SIZE, total, cursor },
    {
      range: (query) =>
        prisma.outboxMail.findMany({ ...query, where: { ...where, ...query.where }, select: outboxSelect }),
      ids: (window) => prisma.outboxMail.findMany({ ...window, where, select: { id: true } }),
      rows: (ids) => prisma.outboxMail.findMany({ where: { id: { in: ids } }, select: outboxSelect }),
    },
  );
  // The list shows the start of each mail; the whole text is read for the one opened (getOutboxMail).
  return { items: items.map(({ text, ...mail }) => ({ ...mail, excerpt: excerpt(text) })), total, ...list };
}

/** One mail of the outbox, whole (the admin opened it from the list), or null. */
export function getOutboxMail(id: string) {
  if (!id || id.length > 64) return Promise.resolve(null);
  return prisma.outboxMail.findUnique({ where: { id }, select: outboxSelect });
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

/** What waits in the outbox (GET /metrics): mail still to send, mail given up on, and the oldest one's time. */
export async function outboxBacklog(): Promise<{ waiting: number; failed: number; oldestWaitingAt: Date | null }> {
  const [waiting, failed, oldest] = await Promise.all([
    readTally("outbox:pending"),
    readTally("outbox:failed"),
    prisma.outboxMail.findFirst({
      where: { status: "pending" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { createdAt: true },
    }),
  ]);
  return { waiting, failed, oldestWaitingAt: oldest?.createdAt ?? null };
}
