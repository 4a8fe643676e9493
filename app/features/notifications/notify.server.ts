// Notifications (docs/product.md#notifications, decision 025): the one service the other features
// call. One row per recipient; an outbox mail for those whose choice is 'Correo al momento' (and
// who keep optional notices on); for 'Resumen diario' the row waits for the digest. Recipients go
// in batches: a 5 000-learner course costs a few dozen statements, never one per person.
import { noticeFooter } from "~/features/mail/opt-out.server.ts";
import { enqueueMails, type OutgoingMail } from "~/features/mail/outbox.server.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import { insertRows, newRowId } from "~/lib/db/bulk-insert.server.ts";
import { countsOf, prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fetchKeysetPage, keysetCursors, type Cursor } from "~/lib/keyset.ts";
import {
  CHOOSABLE_KINDS,
  DIGEST_LINK_KIND,
  KIND_INFO,
  modeFor,
  NOTIFICATION_RETENTION_DAYS,
  isNotificationKind,
  type NotificationKind,
  type NotificationMode,
} from "./kinds.ts";
import { UNREAD_CAP } from "./limits.ts";

type Tx = Prisma.TransactionClient;

/** Recipients read and written at a time: well under SQLite's bound parameters. */
const BATCH = 500;
const TITLE_MAX = 200;
const TEXT_MAX = 1000;

export type Notice = {
  kind: NotificationKind;
  /** The recipients, by id; one with its own link where links differ (each their own message). */
  to: ReadonlyArray<string | { userId: string; link: string }>;
  /** Short: the list's heading and the e-mail's subject. */
  title: string;
  /** One or two sentences, plain text: the list's line and the e-mail's body. */
  text: string;
  /** The academy's path it leads to (the e-mail's link is it on APP_URL). */
  link?: string;
  /** The words before the e-mail's link ('Ábrelo en' unless said). */
  linkLead?: string;
};

const NOTIFICATION_COLUMNS = ["id", "userId", "kind", "title", "text", "link", "createdAt", "digestPending"] as const;

export type NotifyOutcome = { notified: number; mailed: number; digest: number };

/** What of a post's text (a question, an answer, an announcement) its notification carries: the rest is on its page. */
export const clipForNotice = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** Whether a path is one of the academy's own (a link never leads elsewhere). */
const isOwnPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");

/**
 * Tells `notice.to` what happened: in the caller's transaction when given one (the rows and mails
 * commit with what they tell of), else in one of its own. Unknown ids are skipped, and so are
 * accounts not approved (suspended, or not yet approved): they are told nothing, neither in the
 * platform nor by e-mail.
 */
export async function notify(notice: Notice, tx?: Tx): Promise<NotifyOutcome> {
  if (tx) return notifyIn(tx, notice);
  return prisma.$transaction((own) => notifyIn(own, notice), { timeout: 60_000 });
}

async function notifyIn(tx: Tx, notice: Notice): Promise<NotifyOutcome> {
  const { kind } = notice;
  const title = notice.title.trim().slice(0, TITLE_MAX);
  const text = notice.text.trim().slice(0, TEXT_MAX);
  const defaultLink = notice.link ?? "/notificaciones";
  const links = new Map<string, string>();
  for (const entry of notice.to) {
    const r = typeof entry === "string" ? { userId: entry, link: defaultLink } : entry;
    if (!links.has(r.userId)) links.set(r.userId, isOwnPath(r.link) ? r.link : "/notificaciones");
  }
  const recipients = [...links].map(([userId, link]) => ({ userId, link }));
  const brand = env().APP_NAME;
  const base = publicUrl();
  const label = KIND_INFO[kind].label;
  const outcome: NotifyOutcome = { notified: 0, mailed: 0, digest: 0 };
  for (let i = 0; i < recipients.length; i += BATCH) {
    const batch = recipients.slice(i, i + BATCH);
    const ids = batch.map((r) => r.userId);
    const [users, prefs] = await Promise.all([
      tx.user.findMany({
        where: { id: { in: ids }, aprobado: true },
        select: { id: true, correo: true, avisosCorreo: true },
      }),
      KIND_INFO[kind].choosable
        ? tx.notificationPref.findMany({ where: { userId: { in: ids }, kind }, select: { userId: true, mode: true } })
        : Promise.resolve([]),
    ]);
    const userById = new Map(users.map((u) => [u.id, u]));
    const chosen = new Map(prefs.map((p) => [p.userId, p.mode]));
    const now = new Date();
    const rows: unknown[][] = [];
    const mails: OutgoingMail[] = [];
    for (const r of batch) {
      const user = userById.get(r.userId);
      if (!user) continue;
      // Optional e-mail goes only to people who keep notices on (objection, Ley 21.719).
      const mode = user.avisosCorreo ? modeFor(kind, chosen.get(r.userId)) : "app";
      rows.push([newRowId(), r.userId, kind, title, text, r.link, now, mode === "digest"]);
      if (mode === "digest") outcome.digest++;
      if (mode === "email") {
        mails.push({
          kind: kind === "mensaje" ? "message.notice" : `notice.${kind}`,
          to: user.correo,
          toUserId: user.id,
          subject: title,
          text:
            `Hola:\n\n${text}\n${notice.linkLead ?? "Ábrelo en"} ${base}${r.link}\n\nSaludos,\n${brand}` +
            noticeFooter(user.id, kind, label),
        });
      }
    }
    await insertRows(tx, "Notification", NOTIFICATION_COLUMNS, rows);
    // The outbox drops addresses that are no mailbox (an account without e-mail).
    outcome.mailed += await enqueueMails(mails, tx);
    outcome.notified += rows.length;
  }
  return outcome;
}

const PAGE_SIZE = 20;
export const API_PAGE_SIZE = 50;

const notificationSelect = {
  id: true,
  kind: true,
  title: true,
  text: true,
  link: true,
  createdAt: true,
  readAt: true,
} as const;

export type Reader = { id: string };

/** One page of a person's notifications, newest first: a range of (userId, createdAt, id) from the cursor. */
export async function listNotifications(user: Reader, cursor: Cursor | null, size = PAGE_SIZE) {
  const page = await fetchKeysetPage(1, cursor, size, (_range, query) =>
    prisma.notification.findMany({
      where: { AND: [{ userId: user.id }, query.where] },
      orderBy: query.orderBy,
      take: query.take,
      select: notificationSelect,
    }),
  );
  return { rows: page.rows, cursors: keysetCursors(page) };
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>["rows"][number];

/**
 * How many of a person's notifications are unread, up to UNREAD_CAP + 1: a bounded range of the
 * (userId, readAt) index, cheap enough for every page's header.
 */
export const unreadNotificationsSql = (user: Reader) => Prisma.sql`
  SELECT COUNT(*) FROM (
    SELECT 1 FROM "Notification" WHERE "userId" = ${user.id} AND "readAt" IS NULL LIMIT ${UNREAD_CAP + 1}
  ) AS n`;

export async function unreadNotifications(user: Reader): Promise<number> {
  return (await countsOf({ n: unreadNotificationsSql(user) })).n;
}

/** Marks one of the person's own notifications read; false when it is not theirs (or no such). */
export async function markRead(user: Reader, id: string): Promise<boolean> {
  if (!id || id.length > 64) return false;
  const owned = await prisma.notification.findFirst({ where: { id, userId: user.id }, select: { id: true } });
  if (!owned) return false;
  await prisma.notification.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
  return true;
}

/** Marks all of a person's notifications read; how many were unread. */
export async function markAllRead(user: Reader): Promise<number> {
  const { count } = await prisma.notification.updateMany({
    where: { userId: user.id, readAt: null },
    data: { readAt: new Date() },
  });
  return count;
}

export type Preferences = Record<NotificationKind, NotificationMode>;

/** A person's mode for every kind (their choices over the defaults). */
export async function getPreferences(userId: string): Promise<Preferences> {
  const rows = await prisma.notificationPref.findMany({ where: { userId }, select: { kind: true, mode: true } });
  const chosen = new Map(rows.map((r) => [r.kind, r.mode]));
  return Object.fromEntries(
    Object.keys(KIND_INFO).map((kind) => [kind, modeFor(kind as NotificationKind, chosen.get(kind))]),
  ) as Preferences;
}

/**
 * Saves a person's choices (the kinds given; others unchanged), in one transaction: a choice equal
 * to the kind's default is stored as no row, so a changed default reaches everyone who never chose.
 */
export async function setPreferences(
  userId: string,
  choices: Partial<Record<NotificationKind, NotificationMode>>,
): Promise<void> {
  const kinds = CHOOSABLE_KINDS.filter((kind) => choices[kind]);
  if (kinds.length === 0) return;
  await prisma.$transaction(async (tx) => {
    for (const kind of kinds) {
      const mode = choices[kind]!;
      if (mode === KIND_INFO[kind].mode) await tx.notificationPref.deleteMany({ where: { userId, kind } });
      else {
        await tx.notificationPref.upsert({
          where: { userId_kind: { userId, kind } },
          create: { userId, kind, mode },
          update: { mode },
        });
      }
    }
  });
}

/**
 * The one-click unsubscribe of one kind (the link in its e-mails): that kind's e-mails stop, its
 * notifications stay in the platform. The digest's link ('resumen') turns every kind the person
 * gets in the digest to in-app only (the rows waiting are then left out of it: digest.server.ts).
 * False for an unknown kind or account.
 */
export async function stopKindEmails(userId: string, kind: string): Promise<boolean> {
  const digest = kind === DIGEST_LINK_KIND;
  if (!digest && (!isNotificationKind(kind) || !KIND_INFO[kind].choosable)) return false;
  const exists = await prisma.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!exists) return false;
  if (!digest) {
    await setPreferences(userId, { [kind as NotificationKind]: "app" });
    return true;
  }
  const prefs = await getPreferences(userId);
  const inDigest = CHOOSABLE_KINDS.filter((k) => prefs[k] === "digest");
  await setPreferences(userId, Object.fromEntries(inDigest.map((k) => [k, "app" as const])));
  return true;
}

const DAY = 24 * 60 * 60 * 1000;

/** Deletes notifications older than NOTIFICATION_RETENTION_DAYS (hourly, idempotent, on the createdAt index). */
export async function purgeOldNotifications(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY);
  const { count } = await prisma.notification.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
