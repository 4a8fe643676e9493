// The daily digest ('Resumen diario', docs/product.md#notifications, decision 025): rows waiting
// with digestPending go out once a day, at DIGEST_HOUR in Chile, one e-mail per person. Each batch
// of people claims its rows with a conditional UPDATE … RETURNING and queues e-mails from exactly
// those rows, in one transaction, so two instances never e-mail a row twice; rows written after
// the day's cutoff wait for the next day's, so a person gets at most one digest a day.
import { Prisma } from "~/generated/prisma/client.ts";
import { digestFooter } from "~/features/mail/opt-out.server.ts";
import { enqueueMails, type OutgoingMail } from "~/features/mail/outbox.server.ts";
import { chileLocalInput, chileLocalToUtc } from "~/lib/chile-time.ts";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { DIGEST_LINK_KIND, isNotificationKind, modeFor } from "./kinds.ts";
import { digestMail } from "./texts.ts";

/** People per transaction: well under SQLite's bound parameters. */
const BATCH = 500;
/** Notifications listed in one e-mail; the rest are counted, and all are in the academy. */
export const DIGEST_LISTED = 30;

/**
 * The day's cutoff: the latest DIGEST_HOUR:00 in Chile at or before `now` (Chile's clock changes
 * read from Intl's rules, lib/chile-time.ts). Rows from before it go in today's digest.
 */
export function digestCutoff(now: Date, hour = env().DIGEST_HOUR): Date {
  const hh = String(hour).padStart(2, "0");
  const at = (date: string) => chileLocalToUtc(`${date}T${hh}:00`) as Date;
  const today = chileLocalInput(now).slice(0, 10);
  const cutoff = at(today);
  if (cutoff.getTime() <= now.getTime()) return cutoff;
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return at(new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10));
}

export type DigestRun = { people: number; notifications: number; mailed: number };

type Claimed = { id: string; userId: string; kind: string; title: string; text: string; link: string; createdAt: Date };

/**
 * How long after the cutoff a pass waits before taking it: a row's createdAt is set before its
 * transaction commits, and no write transaction lasts longer than 2 minutes (the longest timeout,
 * the imports'), so by then every row from before the cutoff is visible and none reaches a pass
 * after the day's digest was sent (which would make a second e-mail that day).
 */
export const DIGEST_SETTLE_MS = 3 * 60_000;

/** One pass: every person with rows waiting from before the day's cutoff gets their one e-mail. */
export async function sendDigests(now = new Date()): Promise<DigestRun> {
  const cutoff = digestCutoff(new Date(now.getTime() - DIGEST_SETTLE_MS));
  const run: DigestRun = { people: 0, notifications: 0, mailed: 0 };
  let after = "";
  for (;;) {
    const people = await prisma.$queryRaw<Array<{ userId: string }>>`
      SELECT DISTINCT "userId" FROM "Notification"
      WHERE "digestPending" = TRUE AND "userId" > ${after} AND "createdAt" < ${cutoff}
      ORDER BY "userId" LIMIT ${BATCH}`;
    if (people.length === 0) return run;
    after = people.at(-1)!.userId;
    const ids = people.map((p) => p.userId);
    const batch = await prisma.$transaction((tx) => digestBatch(tx, ids, cutoff), { timeout: 60_000 });
    run.people += batch.people;
    run.notifications += batch.notifications;
    run.mailed += batch.mailed;
  }
}

async function digestBatch(tx: Prisma.TransactionClient, userIds: string[], cutoff: Date): Promise<DigestRun> {
  const claimed = await tx.$queryRaw<Claimed[]>`
    UPDATE "Notification" SET "digestPending" = FALSE
    WHERE "digestPending" = TRUE AND "userId" IN (${Prisma.join(userIds)}) AND "createdAt" < ${cutoff}
    RETURNING "id", "userId", "kind", "title", "text", "link", "createdAt"`;
  const byUser = Map.groupBy(claimed, (row) => row.userId);
  const ids = [...byUser.keys()];
  const [users, prefs] = await Promise.all([
    // A suspended (or not yet approved) account is e-mailed nothing, as the hub's own notices: its
    // rows are claimed all the same, so nothing is sent if it is approved again.
    tx.user.findMany({
      where: { id: { in: ids }, aprobado: true },
      select: { id: true, correo: true, avisosCorreo: true },
    }),
    tx.notificationPref.findMany({ where: { userId: { in: ids } }, select: { userId: true, kind: true, mode: true } }),
  ]);
  const chosen = new Map(prefs.map((p) => [`${p.userId} ${p.kind}`, p.mode]));
  const brand = env().APP_NAME;
  const base = publicUrl();
  const mails: OutgoingMail[] = [];
  for (const user of users) {
    // Turned optional e-mail off since: the rows stay in the academy, and no e-mail.
    if (!user.avisosCorreo) continue;
    // Only the kinds the person still gets in the digest (a choice changed since the row was written).
    const rows = byUser
      .get(user.id)!
      .filter((r) => isNotificationKind(r.kind) && modeFor(r.kind, chosen.get(`${user.id} ${r.kind}`)) === "digest")
      .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
    if (rows.length === 0) continue;
    const mail = digestMail({
      items: rows.slice(0, DIGEST_LISTED).map((r) => ({ title: r.title, text: r.text, url: `${base}${r.link}` })),
      more: Math.max(0, rows.length - DIGEST_LISTED),
      total: rows.length,
      allUrl: `${base}/notificaciones`,
      brand,
    });
    mails.push({
      kind: `notice.${DIGEST_LINK_KIND}`,
      to: user.correo,
      toUserId: user.id,
      subject: mail.subject,
      text: mail.text + digestFooter(user.id, DIGEST_LINK_KIND),
    });
  }
  // The outbox drops addresses that are no mailbox (an account without e-mail).
  const mailed = await enqueueMails(mails, tx);
  return { people: byUser.size, notifications: claimed.length, mailed };
}
