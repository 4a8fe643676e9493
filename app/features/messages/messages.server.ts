// Internal messages: the sender is always the signed-in user; the recipient must be a
// registered e-mail; each user reads only messages addressed to their own e-mail.
import type { SessionUser } from "~/features/auth/session.server.ts";
import { fullName, roleLabel } from "~/features/auth/roles.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import type { ComposeInput } from "./schema.ts";
import { UNKNOWN_RECIPIENT } from "./messages.ts";

export const messageSelect = {
  id: true,
  from: true,
  fromName: true,
  fromRole: true,
  to: true,
  subject: true,
  content: true,
  leidoEn: true,
  createdAt: true,
} as const;

/** The messages one user may read: addressed to their account or their e-mail. */
const ownedBy = (user: Pick<SessionUser, "id" | "correo">) => ({ OR: [{ toId: user.id }, { to: user.correo }] });

export type SendResult =
  | { ok: true; id: string }
  | { ok: false; status: number; field?: "to"; message: string };

type Sender = Pick<SessionUser, "id" | "nombre" | "apellido" | "correo" | "rol">;

export async function sendMessage(sender: Sender, input: ComposeInput, request?: Request): Promise<SendResult> {
  const to = input.to.trim().toLowerCase();
  const recipient = await prisma.user.findUnique({ where: { correo: to }, select: { id: true, correo: true, rol: true } });
  if (!recipient) return { ok: false, status: 404, field: "to", message: UNKNOWN_RECIPIENT };
  const fromName = fullName(sender.nombre, sender.apellido) || sender.correo;
  const brand = env().APP_NAME;
  const message = await prisma.$transaction(async (tx) => {
    const created = await tx.message.create({
      data: {
        fromId: sender.id,
        toId: recipient.id,
        from: sender.correo,
        fromName,
        fromRole: sender.rol,
        to: recipient.correo,
        subject: input.subject.trim(),
        content: input.content.trim(),
      },
      select: { id: true },
    });
    const inbox = recipient.rol === "admin" ? "/admin/messages" : "/user/messages";
    await enqueueMail(
      {
        kind: "message.notice",
        to: recipient.correo,
        subject: `Nuevo mensaje de ${fromName} en ${brand}`,
        text:
          `Hola:\n\n${fromName} (${roleLabel(sender.rol)}) te envió un mensaje: «${input.subject.trim()}».\n` +
          `Léelo en ${publicUrl()}${inbox}?ver=${created.id}\n\nSaludos,\n${brand}`,
      },
      tx,
    );
    return created;
  });
  return { ok: true, id: message.id };
}

/** The inbox of one user: messages addressed to their e-mail (or account), newest first. */
export function listInbox(user: Pick<SessionUser, "id" | "correo">, take = 200) {
  return prisma.message.findMany({
    where: ownedBy(user),
    orderBy: { createdAt: "desc" },
    take,
    select: messageSelect,
  });
}

/** One message of the reader's own inbox, as it is (a GET never marks it read); null when not theirs. */
export async function getOwnMessage(user: Pick<SessionUser, "id" | "correo">, id: string) {
  if (!id || id.length > 64) return null;
  return prisma.message.findFirst({ where: { id, ...ownedBy(user) }, select: messageSelect });
}

/**
 * Marks one message of the reader's own inbox read (the "open" POST). False when the message
 * is not theirs; an already read message keeps its first reading time.
 */
export async function markMessageRead(user: Pick<SessionUser, "id" | "correo">, id: string): Promise<boolean> {
  if (!id || id.length > 64) return false;
  const owned = await prisma.message.findFirst({ where: { id, ...ownedBy(user) }, select: { id: true } });
  if (!owned) return false;
  await prisma.message.updateMany({ where: { id, leidoEn: null }, data: { leidoEn: new Date() } });
  return true;
}

export function unreadCount(user: Pick<SessionUser, "id" | "correo">) {
  return prisma.message.count({ where: { leidoEn: null, ...ownedBy(user) } });
}

type MessageRow = Awaited<ReturnType<typeof listInbox>>[number];

/** The API shape (SPEC §3): id, from, fromName, fromRole, to, subject, content, date. */
export function toApiMessage(m: MessageRow) {
  return {
    id: m.id,
    from: m.from,
    fromName: m.fromName,
    fromRole: m.fromRole,
    to: m.to,
    subject: m.subject,
    content: m.content,
    date: m.createdAt.toISOString(),
    leido: m.leidoEn !== null,
  };
}
