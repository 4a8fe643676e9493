// Delivers the outbox through nodemailer (SMTP_URL): a failure is retried with exponential
// back-off, and after MAX_ATTEMPTS the row is marked failed. Several instances may run this at
// once: each due row is claimed just before it is sent by one conditional update (still pending,
// still due), which leases it for MAIL_LEASE_S, so each mail goes out once; a sender that dies
// leaves the row to another when the lease runs out, and one told to stop gives back its claim.
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import nodemailer from "nodemailer";
import { prisma } from "~/lib/db.server.ts";
import { isOptionalMail, optOutHeaders } from "./opt-out.server.ts";
import { env } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { bodyOnceSent } from "./outbox.server.ts";

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is kept from other senders: longer than an SMTP exchange may take. */
export const leaseMs = () => env().MAIL_LEASE_S * 1000;
/** This process's sender id (host and pid for the admin's eye, random for uniqueness). */
const SENDER_ID = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
const MINUTE = 60 * 1000;
const MAX_DELAY = 6 * 60 * MINUTE;

/** Delay before attempt n+1 after n failed attempts: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY, MINUTE * 2 ** Math.max(0, attempts - 1));
}

export type MailTransport = {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
  /** Closes a pooled transport's connections. */
  close?(): void;
};

/** A nodemailer transport on SMTP_URL; `pool` (the running sender's) keeps one connection for up to 500 mails. */
export function createSmtpTransport(url: string, options: { timeoutMs?: number; pool?: boolean } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const timeouts = { connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout };
  return options.pool
    ? nodemailer.createTransport({ url, pool: true, maxConnections: 1, maxMessages: 500, ...timeouts })
    : nodemailer.createTransport({ url, ...timeouts });
}

function mailFrom(): string {
  const e = env();
  if (e.MAIL_FROM) return e.MAIL_FROM;
  const host = URL.parse(e.APP_URL ?? "")?.hostname || "localhost";
  return `"${e.APP_NAME.replace(/"/g, "")}" <no-responder@${host}>`;
}

export type DeliveryReport = { sent: number; failed: number };

/**
 * One pass over the due pending mail, at most `limit` claims. `now` is the pass's start (tests
 * move it); a lease or a back-off counts from its own claim or failure, not from that start.
 */
export async function deliverPending(
  transport: MailTransport,
  opts: {
    now?: Date;
    limit?: number;
    from?: string;
    senderId?: string;
    stopped?: () => boolean;
    /** At least this long between the starts of two sends (MAIL_RATE_PER_MIN: 60 000 ÷ rate). */
    gapMs?: number;
  } = {},
): Promise<DeliveryReport> {
  const startedAt = Date.now();
  const start = (opts.now ?? new Date(startedAt)).getTime();
  const clock = () => start + (Date.now() - startedAt);
  const from = opts.from ?? mailFrom();
  const senderId = opts.senderId ?? SENDER_ID;
  const report: DeliveryReport = { sent: 0, failed: 0 };
  let lastSend: number | undefined;
  for (let claims = 0; claims < (opts.limit ?? 50) && !opts.stopped?.(); claims++) {
    // The rate: wait out the gap since the last send, in short steps so that a stop is heard.
    if (opts.gapMs && lastSend !== undefined) {
      while (!opts.stopped?.() && Date.now() < lastSend + opts.gapMs) {
        await sleep(Math.min(250, lastSend + opts.gapMs - Date.now()));
      }
      if (opts.stopped?.()) break;
    }
    const mail = await prisma.outboxMail.findFirst({
      where: { status: "pending", nextAttemptAt: { lte: new Date(clock()) } },
      orderBy: { nextAttemptAt: "asc" },
    });
    if (!mail) break;
    // The claim: only an update that still finds the row as read gets it; a lost race costs one read.
    const claimed = await prisma.outboxMail.updateMany({
      where: { id: mail.id, status: "pending", nextAttemptAt: mail.nextAttemptAt },
      data: { nextAttemptAt: new Date(clock() + leaseMs()), claimedBy: senderId },
    });
    if (claimed.count !== 1) continue;
    held.set(mail.id, senderId);
    const attempts = mail.attempts + 1;
    // The mail's line: its outbox row, its recipient's user id (never the address) and attempt.
    const fields = { outboxId: mail.id, toUserId: mail.toUserId, kind: mail.kind, attempts };
    lastSend = Date.now();
    try {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        // An optional notice says how to stop them in one click (RFC 8058); a notification's
        // e-mail, how to stop that kind's.
        ...(mail.toUserId && isOptionalMail(mail.kind) ? { headers: optOutHeaders(mail.toUserId, mail.kind) } : {}),
      });
      await prisma.outboxMail.updateMany({
        where: { id: mail.id, claimedBy: senderId },
        data: { status: "sent", attempts, sentAt: new Date(), lastError: null, ...bodyOnceSent(mail.kind) },
      });
      held.delete(mail.id);
      report.sent++;
      log.info({ ...fields, smtp: smtpAnswer(info) }, "mail sent");
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const gaveUp = attempts >= MAX_ATTEMPTS;
      await prisma.outboxMail.updateMany({
        where: { id: mail.id, claimedBy: senderId },
        data: {
          attempts,
          lastError: message,
          status: gaveUp ? "failed" : "pending",
          nextAttemptAt: new Date(clock() + backoffMs(attempts)),
        },
      });
      held.delete(mail.id);
      report.failed++;
      (gaveUp ? log.error : log.warn)(
        { ...fields, smtp: smtpAnswer(error) ?? withoutAddresses(message), gaveUp },
        "mail not sent",
      );
    }
  }
  return report;
}

/**
 * The SMTP server's answer in a send's result or error ("250 2.0.0 Ok: queued"), if any, for the
 * log: without the e-mail addresses servers often repeat ("550 <ana@…>: no such user").
 */
function smtpAnswer(result: unknown): string | undefined {
  const response = (result as { response?: unknown } | null)?.response;
  return typeof response === "string" ? withoutAddresses(response).slice(0, 300) : undefined;
}

function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "[correo]");
}

/** The rows this process has claimed and not yet settled (sent or failed), with their sender id. */
const held = new Map<string, string>();

/**
 * Gives back the claims this process still holds (a pass cut short by a shutdown), due again now;
 * returns how many. A send under way may then go out twice, never not at all.
 */
export async function releaseHeldMail(): Promise<number> {
  let released = 0;
  for (const [id, senderId] of held) {
    const { count } = await prisma.outboxMail.updateMany({
      where: { id, status: "pending", claimedBy: senderId },
      data: { nextAttemptAt: new Date(), claimedBy: null },
    });
    held.delete(id);
    released += count;
    if (count) log.info({ outboxId: id }, "mail given back");
  }
  return released;
}

let timer: NodeJS.Timeout | undefined;
let pass: Promise<void> | undefined;
let stopping = false;
let running: MailTransport | undefined;

/** Claims per pass of the running sender: it works the queue down at MAIL_RATE_PER_MIN, then waits. */
const PASS_LIMIT = 10_000;

/** Starts the periodic sender (once per process): every `intervalMs`, due mail at most MAIL_RATE_PER_MIN a minute. */
export function startMailSender(smtpUrl: string, intervalMs = 30_000) {
  if (timer) return;
  stopping = false;
  const transport = createSmtpTransport(smtpUrl, { pool: true });
  running = transport;
  const gapMs = 60_000 / env().MAIL_RATE_PER_MIN;
  const tick = () => {
    if (pass || stopping) return;
    pass = deliverPending(transport, { stopped: () => stopping, limit: PASS_LIMIT, gapMs })
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, "No se pudo procesar la cola de correo"))
      .finally(() => (pass = undefined));
  };
  tick();
  timer = setInterval(tick, intervalMs);
  timer.unref();
}

/** Stops the periodic sender: the pass under way ends after the mail in hand, and its connection closes. */
export async function stopMailSender(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  await pass;
  running?.close?.();
  running = undefined;
}
