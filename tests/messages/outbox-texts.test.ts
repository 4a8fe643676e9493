// How long the outbox keeps what a mail says: a confirmation link's token is dropped
// as soon as the mail is sent (the account keeps only its hash), and every sent mail's text is
// dropped SENT_TEXT_RETENTION_DAYS after sending. Against a real SMTP server on 127.0.0.1.
import net from "node:net";
import { describe, expect, it } from "vitest";
import {
  DROPPED_TEXT,
  dropSentMailTexts,
  enqueueMail,
  SENT_TEXT_RETENTION_DAYS,
} from "~/features/mail/outbox.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { describeEmailChange, requestEmailChange } from "~/features/accounts/email-change.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { createUser } from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

const DAY = 24 * 60 * 60 * 1000;
const LINK = /\/confirmar-correo\/([A-Za-z0-9_-]{43})/;
const smtp = smtpCapture();

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", () => resolve()));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return p;
}

const textOf = async (id: string) => (await prisma.outboxMail.findUniqueOrThrow({ where: { id } })).text;

describe("the e-mail confirmation's token in the outbox", () => {
  it("stays in the text until the mail is sent, then only the account's hash of it remains", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const user = await createUser({ correo: "token.antes@test.cl" });
    await prisma.$transaction((tx) => requestEmailChange(tx, user, "token.despues@test.cl"));
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: "token.despues@test.cl" } });
    const token = LINK.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    // A failed attempt keeps it: the mail is still to be sent.
    const down = createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, { timeoutMs: 3000 });
    expect(await deliverPending(down, { from: "a@test.cl" })).toEqual({ sent: 0, failed: 1 });
    expect(await textOf(mail.id)).toContain(token);

    await prisma.outboxMail.update({ where: { id: mail.id }, data: { nextAttemptAt: new Date() } });
    const up = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 5000 });
    expect(await deliverPending(up, { from: "a@test.cl" })).toEqual({ sent: 1, failed: 0 });
    // The person got the link; the outbox no longer holds it, and the link still works.
    expect(smtp.received.some(({ raw }) => raw.includes(token!))).toBe(true);
    const sent = await prisma.outboxMail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(sent).toMatchObject({ status: "sent", text: DROPPED_TEXT, html: null, subject: mail.subject });
    expect(JSON.stringify(await prisma.outboxMail.findMany())).not.toContain(token);
    expect(await describeEmailChange(token)).toEqual({ newEmail: "token.despues@test.cl" });
  });

  it("other mail keeps its text when sent", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const { id } = (await enqueueMail({ kind: "message.notice", to: "aviso@test.cl", subject: "s", text: "Hola" }))!;
    const up = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 5000 });
    expect(await deliverPending(up, { from: "a@test.cl" })).toEqual({ sent: 1, failed: 0 });
    expect(await textOf(id)).toBe("Hola");
  });
});

describe("housekeeping of sent mail's text", () => {
  it(`drops the text ${SENT_TEXT_RETENTION_DAYS} days after sending; unsent and recent mail keep theirs`, async () => {
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY);
    const row = async (
      name: string,
      data: { status: string; createdAt: Date; sentAt?: Date; kind?: string; html?: string },
    ) =>
      (
        await prisma.outboxMail.create({
          data: { kind: "message.notice", to: `${name}@test.cl`, subject: name, text: `Texto de ${name}`, ...data },
        })
      ).id;
    const over = SENT_TEXT_RETENTION_DAYS + 1;
    const under = SENT_TEXT_RETENTION_DAYS - 1;
    const oldSent = await row("viejo", {
      status: "sent",
      createdAt: daysAgo(over),
      sentAt: daysAgo(over),
      html: "<p>Texto</p>",
    });
    const recentSent = await row("reciente", { status: "sent", createdAt: daysAgo(under), sentAt: daysAgo(under) });
    // Queued long ago, sent lately: the days count from the sending.
    const lateSent = await row("tardio", { status: "sent", createdAt: daysAgo(over + 10), sentAt: daysAgo(1) });
    const oldPending = await row("pendiente", { status: "pending", createdAt: daysAgo(over + 10) });
    const oldFailed = await row("fallido", { status: "failed", createdAt: daysAgo(over + 10) });
    // A confirmation sent (by an older version) without dropping its link: dropped at once.
    const secretSent = await row("enlace", {
      status: "sent",
      kind: "email.confirm",
      createdAt: daysAgo(0.5),
      sentAt: daysAgo(0.5),
    });
    const secretPending = await row("enlace-pendiente", {
      status: "pending",
      kind: "email.confirm",
      createdAt: daysAgo(0.5),
    });

    expect(await dropSentMailTexts(new Date(now))).toBe(2);
    expect(await prisma.outboxMail.findUniqueOrThrow({ where: { id: oldSent } })).toMatchObject({
      status: "sent",
      subject: "viejo",
      text: DROPPED_TEXT,
      html: null,
    });
    expect(await textOf(secretSent)).toBe(DROPPED_TEXT);
    for (const [id, name] of [
      [recentSent, "reciente"],
      [lateSent, "tardio"],
      [oldPending, "pendiente"],
      [oldFailed, "fallido"],
      [secretPending, "enlace-pendiente"],
    ] as const) {
      expect(await textOf(id), name).toBe(`Texto de ${name}`);
    }
    // Idempotent: a second run (or another instance's) finds nothing more.
    expect(await dropSentMailTexts(new Date(now))).toBe(0);
    // Two days later the recent one has passed the limit too.
    expect(await dropSentMailTexts(new Date(now + 2 * DAY))).toBe(1);
    expect(await textOf(recentSent)).toBe(DROPPED_TEXT);
  });
});
