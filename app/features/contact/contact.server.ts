// Contact submissions: stored first, then e-mailed to the academy through the outbox (in the
// same transaction), so a mail-server outage loses nothing. Spam: honeypot + per-IP limit.
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { excerpt } from "~/lib/text.ts";
import { newestFirstPage, type Cursor } from "~/lib/keyset.ts";
import { readTally } from "~/lib/db/tally.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { clientIp, consume } from "~/features/limits/rate-limits.server.ts";
import type { ContactInput } from "./schema.ts";
import { CONTACT_NOT_FOUND } from "./texts.ts";

/** The per-IP budget for contact submissions: over it, a 429 that says when to retry. */
export async function contactRateLimit(request: Request): Promise<Result> {
  return consume([["contactIp", clientIp(request)]]);
}

/** A filled honeypot: answer as if it worked, store nothing. */
function isSpam(input: { sitioWeb?: unknown }): boolean {
  return typeof input.sitioWeb === "string" && input.sitioWeb.trim() !== "";
}

export async function submitContact(input: ContactInput, request: Request) {
  if (isSpam(input)) return { stored: false as const };
  const { APP_NAME: brand, CONTACT_EMAIL: to } = env();
  const ip = clientIp(request);
  const row = await prisma.$transaction(async (tx) => {
    const saved = await tx.contactMessage.create({
      data: { nombre: input.nombre, correo: input.correo, mensaje: input.mensaje, ip: ip === "local" ? null : ip },
      select: { id: true },
    });
    await enqueueMail(
      {
        kind: "contact.form",
        to,
        subject: `Contacto desde ${brand}: ${input.nombre}`,
        text: `Nombre: ${input.nombre}\nCorreo: ${input.correo}\n\n${input.mensaje}\n`,
      },
      tx,
    );
    return saved;
  });
  return { stored: true as const, id: row.id };
}

const CONTACT_PAGE_SIZE = 30;

const contactSelect = {
  id: true,
  nombre: true,
  correo: true,
  mensaje: true,
  createdAt: true,
  atendidoEn: true,
} as const;

/**
 * Contact submissions for the admin panel, newest first, 30 a page, each with the start of its
 * message; keyset pages and a Tally count, as the outbox.
 */
export async function listContactMessages({ page = 1, cursor = null }: { page?: number; cursor?: Cursor | null } = {}) {
  const total = await readTally("contact:all");
  const { items, ...list } = await newestFirstPage(
    { page, size: CONTACT_PAGE_SIZE, total, cursor },
    {
      range: (query) => prisma.contactMessage.findMany({ ...query, select: contactSelect }),
      ids: (window) => prisma.contactMessage.findMany({ ...window, select: { id: true } }),
      rows: (ids) => prisma.contactMessage.findMany({ where: { id: { in: ids } }, select: contactSelect }),
    },
  );
  return { items: items.map(({ mensaje, ...row }) => ({ ...row, excerpt: excerpt(mensaje) })), total, ...list };
}

const person = { select: { nombre: true, apellido: true } } as const;

/**
 * One contact submission, whole (the admin opened it from the list), with who marked it handled
 * and its replies, oldest first (their author, and whether the outbox has sent each), or null.
 */
export async function getContactMessage(id: string) {
  if (!id || id.length > 64) return null;
  const row = await prisma.contactMessage.findUnique({
    where: { id },
    select: {
      ...contactSelect,
      atendidoPor: person,
      replies: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, texto: true, createdAt: true, outboxId: true, author: person },
      },
    },
  });
  if (!row) return null;
  const outboxIds = row.replies.flatMap((r) => (r.outboxId ? [r.outboxId] : []));
  const mails = outboxIds.length
    ? await prisma.outboxMail.findMany({ where: { id: { in: outboxIds } }, select: { id: true, status: true } })
    : [];
  const statusOf = new Map(mails.map((m) => [m.id, m.status]));
  const { replies, ...message } = row;
  return {
    ...message,
    replies: replies.map(({ outboxId, ...reply }) => ({
      ...reply,
      envio: outboxId ? (statusOf.get(outboxId) ?? null) : null,
    })),
  };
}

/** The reply's e-mail: the answer, then the message it answers, quoted. */
function replyMail(message: { nombre: string; mensaje: string; createdAt: Date }, respuesta: string) {
  const brand = env().APP_NAME;
  const quoted = message.mensaje
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  return {
    subject: `Respuesta a tu mensaje a ${brand}`,
    text:
      `Hola ${message.nombre}:\n\n${respuesta}\n\nSaludos,\n${brand}\n\n` +
      `Tu mensaje del ${formatDateTime(message.createdAt)}:\n${quoted}\n`,
  };
}

/**
 * An admin answers a contact message (docs/product.md#contact): the reply is e-mailed to the
 * address it came from through the outbox and kept with the message, which is marked handled by
 * this admin if it was not yet, all in one transaction. 404 when the message is gone.
 */
export async function replyToContact(
  admin: { id: string },
  contactoId: string,
  respuesta: string,
): Promise<Result<{ replyId: string }>> {
  return prisma.$transaction(async (tx) => {
    const message = await tx.contactMessage.findUnique({
      where: { id: contactoId },
      select: { id: true, nombre: true, correo: true, mensaje: true, createdAt: true, atendidoEn: true },
    });
    if (!message) return fail(404, CONTACT_NOT_FOUND);
    const mail = await enqueueMail({ kind: "contact.reply", to: message.correo, ...replyMail(message, respuesta) }, tx);
    const reply = await tx.contactReply.create({
      data: { contactoId, authorId: admin.id, texto: respuesta, outboxId: mail?.id ?? null },
      select: { id: true },
    });
    if (!message.atendidoEn) {
      await tx.contactMessage.update({
        where: { id: contactoId },
        data: { atendidoEn: new Date(), atendidoPorId: admin.id },
      });
    }
    return ok({ replyId: reply.id });
  });
}

/** Marks a contact message handled by this admin (now), or pending again. 404 when it is gone. */
export async function setContactHandled(admin: { id: string }, contactoId: string, handled: boolean): Promise<Result> {
  const { count } = await prisma.contactMessage.updateMany({
    where: { id: contactoId },
    data: handled ? { atendidoEn: new Date(), atendidoPorId: admin.id } : { atendidoEn: null, atendidoPorId: null },
  });
  return count === 1 ? ok() : fail(404, CONTACT_NOT_FOUND);
}
