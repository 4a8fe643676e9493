// Contact submissions: stored first, then e-mailed to the academy through the outbox (in the
// same transaction), so a mail-server outage loses nothing. Spam: honeypot + per-IP limit.
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { excerpt } from "~/lib/text.ts";
import { newestFirstPage, type Cursor } from "~/lib/keyset.ts";
import { readTally } from "~/features/site/tally.server.ts";
import type { Result } from "~/lib/failure.ts";
import { clientIp, consume } from "~/features/limits/rate-limits.server.ts";
import type { ContactInput } from "./schema.ts";

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

const contactSelect = { id: true, nombre: true, correo: true, mensaje: true, createdAt: true } as const;

/**
 * Contact submissions for the admin panel, newest first, 30 a page, each with the start of its
 * message (the whole text is read for the one opened: getContactMessage). Like the outbox: a page
 * reached by its links is a range of the (createdAt, id) index read from a cursor, a typed ?page=N
 * skips index entries from the nearer end (lib/keyset.ts), and the count is the Tally key
 * `contact:all` the database keeps, so every page costs the same however many messages arrive.
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

/** One contact submission, whole (the admin opened it from the list), or null. */
export function getContactMessage(id: string) {
  if (!id || id.length > 64) return Promise.resolve(null);
  return prisma.contactMessage.findUnique({
    where: { id },
    select: contactSelect,
  });
}
