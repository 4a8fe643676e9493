// Delivers the outbox: pending rows whose time has come go out through nodemailer (SMTP_URL).
// A failure records the error, counts the attempt and schedules a retry with exponential
// back-off; after MAX_ATTEMPTS the row is marked failed. Rows live in the database, so a
// restart loses nothing: the next run picks them up.
//
// Several app instances may run this at once. Each due row is claimed before it is sent, by one
// conditional update that moves its nextAttemptAt MAIL_LEASE_S ahead and writes this sender's id:
// only one sender's update matches, so each mail goes out once. A sender that dies after the
// claim leaves the row pending; when the lease runs out another sender takes it.
import crypto from "node:crypto";
import nodemailer from "nodemailer";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is kept from other senders: longer than an SMTP exchange may take. */
export const leaseMs = () => env().MAIL_LEASE_S * 1000;
/** This process's sender id (host and pid for the admin's eye, random for uniqueness). */
export const SENDER_ID = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
const MINUTE = 60 * 1000;
const MAX_DELAY = 6 * 60 * MINUTE;

/** Delay before attempt n+1 after n failed attempts: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY, MINUTE * 2 ** Math.max(0, attempts - 1));
}

export type MailTransport = {
  sendMail(mail: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
};

export function createSmtpTransport(url: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return transport;
}

export function mailFrom(): string {
  const e = env();
  if (e.MAIL_FROM) return e.MAIL_FROM;
  let host = "localhost";
  try {
    if (e.APP_URL) host = new URL(e.APP_URL).hostname;
  } catch {
    // keep localhost
  }
  return `"${e.APP_NAME.replace(/"/g, "")}" <no-responder@${host}>`;
}

export type DeliveryReport = { sent: number; failed: number };

/** One pass over the due pending mail. */
export async function deliverPending(
  transport: MailTransport,
  opts: { now?: Date; limit?: number; from?: string; senderId?: string } = {},
): Promise<DeliveryReport> {
  const now = opts.now ?? new Date();
  const from = opts.from ?? mailFrom();
  const senderId = opts.senderId ?? SENDER_ID;
  const due = await prisma.outboxMail.findMany({
    where: { status: "pending", nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    take: opts.limit ?? 50,
  });
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (const candidate of due) {
    // The claim: only the sender whose update still finds the row due gets it.
    const claimed = await prisma.outboxMail.updateMany({
      where: { id: candidate.id, status: "pending", nextAttemptAt: candidate.nextAttemptAt },
      data: { nextAttemptAt: new Date(now.getTime() + leaseMs()), claimedBy: senderId },
    });
    if (claimed.count !== 1) continue;
    const mail = candidate;
    const attempts = mail.attempts + 1;
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await prisma.outboxMail.updateMany({
        where: { id: mail.id, claimedBy: senderId },
        data: { status: "sent", attempts, sentAt: new Date(), lastError: null },
      });
      report.sent++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await prisma.outboxMail.updateMany({
        where: { id: mail.id, claimedBy: senderId },
        data: {
          attempts,
          lastError: message,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        },
      });
      report.failed++;
    }
  }
  return report;
}

let timer: NodeJS.Timeout | undefined;

/** Starts the periodic sender (once per process). */
export function startMailSender(smtpUrl: string, intervalMs = 30_000) {
  if (timer) return;
  const transport = createSmtpTransport(smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(transport);
    } catch (error) {
      console.error("No se pudo procesar la cola de correo", error);
    } finally {
      running = false;
    }
  };
  void tick();
  timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
}
