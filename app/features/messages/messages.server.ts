// Internal messages: the recipient is typed as an e-mail and resolved to an account when sent;
// from then on everything goes by user id (toId), so a changed or re-used address never shows a
// message to anyone else.
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { fullName, messagesLinkForRole, ROLES, roleLabel } from "~/features/accounts/roles.ts";
import { notify, unreadNotificationsSql, type Notice } from "~/features/notifications/notify.server.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { countsOf, prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { consume } from "~/features/limits/rate-limits.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { UNREAD_CAP } from "~/features/notifications/limits.ts";
import { fetchKeysetPage, keysetCursors, type Cursor } from "~/lib/keyset.ts";
import { fixedValue } from "~/lib/api.server.ts";
import type { ApiMessage, ApiSentMessage, ComposeInput } from "./schema.ts";
import {
  REPLY_NOT_FOUND,
  REPLY_SENDER_GONE,
  replySubject,
  SENDING_TOO_FAST,
  UNKNOWN_RECIPIENT,
  type ReplyDraft,
} from "./texts.ts";

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

type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;
type Reader = Pick<SessionUser, "id">;

/** The messages one user may read: those addressed to their account, by id (never by address). */
const ownedBy = (user: Reader) => ({ toId: user.id });
/** The messages one user sent (their sent folder), by id: a detached sender (fromId null) has none. */
const sentBy = (user: Reader) => ({ fromId: user.id });

type Sender = Pick<SessionUser, "id" | "nombre" | "apellido" | "correo" | "rol">;

const spendBudgets = (sender: Sender) =>
  consume(
    [
      ["messagesSenderMinute", sender.id],
      ["messagesSenderDay", sender.id],
    ],
    SENDING_TOO_FAST,
  );

/** Sends a message; every attempt spends the sender's budgets, so 'no account with that address' reveals little. */
export async function sendMessage(sender: Sender, input: ComposeInput): Promise<Result<{ sent: MessageRow }>> {
  const limit = await spendBudgets(sender);
  if (!limit.ok) return limit;
  const to = input.to.trim().toLowerCase();
  // An address, or the usuario of an account without e-mail (docs/decisions/040-pupils-who-can-sign-in.md).
  const recipient = await prisma.user.findUnique({
    where: to.includes("@") ? { correo: to } : { usuario: to },
    select: { id: true, correo: true, rol: true },
  });
  if (!recipient) return fail(404, UNKNOWN_RECIPIENT, { field: "to" });
  const fromName = senderName(sender);
  const message = await prisma.$transaction(async (tx) => {
    const created = await tx.message.create({
      data: messageRow(sender, fromName, recipient, input),
      select: messageSelect,
    });
    await notify(messageNotice(sender, fromName, [{ recipient, messageId: created.id }]), tx);
    return created;
  });
  return ok({ sent: message });
}

type Recipient = { id: string; correo: string; rol: string };

const senderName = (sender: Sender) => fullName(sender.nombre, sender.apellido) || sender.correo;

/** A message's row, by ids, with the sender's and the recipient's names as they are now. */
function messageRow(
  sender: Pick<Sender, "id" | "correo" | "rol">,
  fromName: string,
  recipient: Pick<Recipient, "id" | "correo">,
  input: Pick<ComposeInput, "subject" | "content">,
) {
  return {
    fromId: sender.id,
    toId: recipient.id,
    from: sender.correo,
    fromName,
    fromRole: sender.rol ?? "",
    to: recipient.correo,
    subject: input.subject.trim(),
    content: input.content.trim(),
  };
}

/**
 * The new-message notification ('mensaje'), each recipient linked to their own copy: the
 * sender's name and a link, never the subject or the text (nor in its e-mail).
 */
function messageNotice(
  sender: Pick<Sender, "rol">,
  fromName: string,
  received: { recipient: Pick<Recipient, "id" | "rol">; messageId: string }[],
): Notice {
  const brand = env().APP_NAME;
  return {
    kind: "mensaje",
    to: received.map(({ recipient, messageId }) => ({
      userId: recipient.id,
      link: `${messagesLinkForRole(recipient.rol) ?? "/user/messages"}?ver=${messageId}`,
    })),
    title: `Nuevo mensaje de ${fromName} en ${brand}`,
    text: `${fromName} (${roleLabel(sender.rol)}) te envió un mensaje en ${brand}.`,
    linkLead: "Léelo en",
  };
}

/** Rows an insert writes at a time: well under SQLite's 32 766 bound parameters. */
const INSERT_BATCH = 500;

/** One message to many accounts the caller checked, each their own copy, in one transaction with `also`. */
export async function sendMessageToMany(
  sender: Sender,
  recipients: Recipient[],
  input: Pick<ComposeInput, "subject" | "content">,
  also: (tx: Prisma.TransactionClient) => Promise<unknown> = async () => {},
): Promise<Result<{ sent: number }>> {
  // Spent before the transaction: the budgets' counters are rows of their own.
  const limit = await spendBudgets(sender);
  if (!limit.ok) return limit;
  const fromName = senderName(sender);
  const byId = new Map(recipients.map((r) => [r.id, r]));
  await prisma.$transaction(async (tx) => {
    for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
      const created = await tx.message.createManyAndReturn({
        data: recipients.slice(i, i + INSERT_BATCH).map((recipient) => messageRow(sender, fromName, recipient, input)),
        select: { id: true, toId: true },
      });
      const received = created.map((m) => ({ recipient: byId.get(m.toId)!, messageId: m.id }));
      await notify(messageNotice(sender, fromName, received), tx);
    }
    await also(tx);
  });
  return ok({ sent: recipients.length });
}

const INBOX_PAGE_SIZE = 20;
export const API_INBOX_PAGE_SIZE = 50;

/** One page of a folder, newest first: a keyset range of its (toId or fromId, createdAt, id) index. */
async function fetchFolderPage<T extends { createdAt: Date; id: string }>(
  cursor: Cursor | null,
  size: number,
  read: (query: { where: object; orderBy: object; take: number }) => Promise<T[]>,
) {
  const page = await fetchKeysetPage(1, cursor, size, (_range, query) => read(query));
  return { rows: page.rows, cursors: keysetCursors(page) };
}

/** A message as shown: an account without e-mail by its usuario, never its placeholder address. */
function shownMessage<T extends { from: string; to: string }>(m: T): T {
  return { ...m, from: shownAddress(m.from), to: shownAddress(m.to) };
}

/** One page of a user's inbox (the messages addressed to them), on (toId, createdAt, id). */
export async function listInboxPage(user: Reader, cursor: Cursor | null, size = INBOX_PAGE_SIZE) {
  const page = await fetchFolderPage(cursor, size, (query) =>
    prisma.message.findMany({
      where: { AND: [ownedBy(user), query.where] },
      orderBy: query.orderBy,
      take: query.take,
      select: messageSelect,
    }),
  );
  return { rows: page.rows.map(shownMessage), cursors: page.cursors };
}

/** A sent message as its sender sees it: the recipient's current name, not their reading time. */
const { leidoEn: _readTime, ...withoutReadTime } = messageSelect;
const sentSelect = { ...withoutReadTime, recipient: { select: { nombre: true, apellido: true } } } as const;

/** The recipient's name as shown in the sent folder: the account's current name, else the address. */
function withRecipientName<T extends { from: string; to: string; recipient: { nombre: string; apellido: string } }>(
  row: T,
) {
  const { recipient, ...message } = shownMessage(row);
  return { ...message, toName: fullName(recipient.nombre, recipient.apellido) || message.to };
}

/** One page of a user's sent folder, on (fromId, createdAt, id), each with the recipient's name. */
export async function listSentPage(user: Reader, cursor: Cursor | null, size = INBOX_PAGE_SIZE) {
  const page = await fetchFolderPage(cursor, size, (query) =>
    prisma.message.findMany({
      where: { AND: [sentBy(user), query.where] },
      orderBy: query.orderBy,
      take: query.take,
      select: sentSelect,
    }),
  );
  return { rows: page.rows.map(withRecipientName), cursors: page.cursors };
}

/** One message the user sent, as it is (reading one's own sent message changes nothing); null when not theirs. */
export async function getOwnSentMessage(user: Reader, id: string) {
  if (!id || id.length > 64) return null;
  const row = await prisma.message.findFirst({ where: { id, ...sentBy(user) }, select: sentSelect });
  return row ? withRecipientName(row) : null;
}

/**
 * The compose form's prefill for answering a message: only one the user received (someone
 * else's, or an unknown id: 404), to its sender's account (gone: 410), subject "Re: …" once.
 */
export async function getReplyDraft(user: Reader, id: string): Promise<Result<{ draft: ReplyDraft }>> {
  const original =
    id && id.length <= 64
      ? await prisma.message.findFirst({
          where: { id, ...ownedBy(user) },
          select: { id: true, subject: true, sender: { select: { correo: true, nombre: true, apellido: true } } },
        })
      : null;
  if (!original) return fail(404, REPLY_NOT_FOUND);
  const { sender } = original;
  if (!sender) return fail(410, REPLY_SENDER_GONE);
  return ok({
    draft: {
      replyTo: original.id,
      to: shownAddress(sender.correo),
      toName: fullName(sender.nombre, sender.apellido) || shownAddress(sender.correo),
      subject: replySubject(original.subject),
    },
  });
}

/** One message of the reader's own inbox, as it is (a GET never marks it read); null when not theirs. */
export async function getOwnMessage(user: Reader, id: string) {
  if (!id || id.length > 64) return null;
  const row = await prisma.message.findFirst({ where: { id, ...ownedBy(user) }, select: messageSelect });
  return row && shownMessage(row);
}

/** Marks one message of the reader's own inbox read (false when not theirs), keeping a first reading time. */
export async function markMessageRead(user: Reader, id: string): Promise<boolean> {
  if (!id || id.length > 64) return false;
  const owned = await prisma.message.findFirst({ where: { id, ...ownedBy(user) }, select: { id: true } });
  if (!owned) return false;
  await prisma.message.updateMany({ where: { id, leidoEn: null }, data: { leidoEn: new Date() } });
  return true;
}

/**
 * How many messages of the user's inbox are unread, counted up to UNREAD_CAP + 1 (a menu shows
 * "99+" beyond): a bounded range of the (toId, leidoEn) index, cheap enough for every page.
 */
const unreadCountSql = (user: Reader) => Prisma.sql`
  SELECT COUNT(*) FROM (
    SELECT 1 FROM "Message" WHERE "toId" = ${user.id} AND "leidoEn" IS NULL LIMIT ${UNREAD_CAP + 1}
  ) AS m`;

export async function unreadCount(user: Reader) {
  return (await countsOf({ n: unreadCountSql(user) })).n;
}

/** The header's unread counts, messages (for a role with an inbox) and notifications, in one statement. */
export function headerUnreadCounts(user: Reader, withMessages: boolean) {
  return countsOf({
    unread: withMessages ? unreadCountSql(user) : Prisma.sql`SELECT 0`,
    notifications: unreadNotificationsSql(user),
  });
}

/** The API shape of a sent message: the same without `leido` (not the sender's to know), plus `toName`. */
export function toApiSentMessage(m: Omit<MessageRow, "leidoEn"> & { toName: string }): ApiSentMessage {
  const { leido: _notTheSenders, ...shown } = toApiMessage({ ...m, leidoEn: null });
  return { ...shown, toName: m.toName };
}

/** The API shape (docs/product.md#api-messages-and-contact). */
export function toApiMessage(m: MessageRow): ApiMessage {
  return {
    id: m.id,
    from: shownAddress(m.from),
    fromName: m.fromName,
    fromRole: fixedValue([...ROLES, ""], m.fromRole),
    to: shownAddress(m.to),
    subject: m.subject,
    content: m.content,
    date: m.createdAt.toISOString(),
    leido: m.leidoEn !== null,
  };
}
