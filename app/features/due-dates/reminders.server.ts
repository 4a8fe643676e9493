// Due-date reminders (docs/product.md#due-dates, docs/decisions/027-due-dates-and-reminders.md):
// REMINDER_DAYS_BEFORE days before a module's due date, each enrolled learner who has not passed
// its quiz gets one e-mail through the outbox. Every instance may run this job: what makes a
// reminder go once is the ModuleReminder row (moduloId, userId), inserted with ON CONFLICT DO
// NOTHING in the same transaction that queues the mails, and a mail is queued only for the rows
// that very insert returned. Two instances racing on the same learners: one inserts, the other
// gets nothing back and queues nothing.
import { Prisma } from "~/generated/prisma/client.ts";
import { optOutFooter } from "~/features/mail/opt-out.server.ts";
import { enqueueMails } from "~/features/mail/outbox.server.ts";
import { NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { moduleNumbers } from "./due-dates.server.ts";
import { reminderMail } from "./texts.ts";

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Who may get a reminder by e-mail. For now the account's objection to optional notices
 * (User.avisosCorreo, docs/product.md#personal-data). NOTIFICATIONS HUB: once the hub's per-kind
 * preferences are merged, this is the one place that asks it for the kind "due.reminder".
 */
const dueReminderEmailAllowed = Prisma.sql`u."avisosCorreo" = TRUE`;

/** The lines each reminder ends with (NOTIFICATIONS HUB: its unsubscribe link replaces these). */
const dueReminderFooter = (userId: string) => optOutFooter(userId);

export type ReminderRun = { modules: number; queued: number };

/**
 * One pass: the modules due within the next REMINDER_DAYS_BEFORE days (a range of Module's
 * fechaLimite index; only modules with a quiz, in published courses), and for each, its
 * enrolled learners not yet reminded and without a pass, BATCH at a time, claimed and queued.
 */
export async function sendDueReminders(now = new Date()): Promise<ReminderRun> {
  const until = new Date(now.getTime() + env().REMINDER_DAYS_BEFORE * DAY);
  const modules = await prisma.module.findMany({
    where: { fechaLimite: { gt: now, lte: until }, preguntas: { some: {} }, curso: { estado: "publicado" } },
    orderBy: [{ fechaLimite: "asc" }, { id: "asc" }],
    select: { id: true, cursoId: true, titulo: true, fechaLimite: true, curso: { select: { titulo: true } } },
  });
  const run: ReminderRun = { modules: modules.length, queued: 0 };
  const numbers = await moduleNumbers(modules.map((m) => m.cursoId));
  for (const m of modules) {
    const numero = numbers.get(m.id) ?? 1;
    const fecha = formatChileDateTime(m.fechaLimite!);
    const url = `${publicUrl()}/cursos/${m.cursoId}?modulo=${numero}#modulo-${numero}`;
    // Each round reads the next learners not yet claimed; the claims of the round before (ours
    // or another instance's) are out of it, so the rounds end.
    for (let round = 0; round < 10_000; round++) {
      const due = await prisma.$queryRaw<Array<{ userId: string; correo: string; nombre: string }>>`
        SELECT e."userId", u."correo", u."nombre" FROM "Enrolment" e
        JOIN "User" u ON u."id" = e."userId"
        WHERE e."cursoId" = ${m.cursoId} AND u."aprobado" = TRUE AND ${dueReminderEmailAllowed}
          AND u."correo" NOT LIKE ${`%@${NO_EMAIL_DOMAIN}`}
          AND NOT EXISTS (SELECT 1 FROM "ModuleReminder" r WHERE r."moduloId" = ${m.id} AND r."userId" = e."userId")
          AND NOT EXISTS (SELECT 1 FROM "QuizPairTally" p
                          WHERE p."moduloId" = ${m.id} AND p."userId" = e."userId" AND p."aprobados" > 0)
        LIMIT ${BATCH}`;
      if (due.length === 0) break;
      run.queued += await claimAndQueue(m.id, due, (r) => ({
        to: r.correo,
        toUserId: r.userId,
        kind: "due.reminder" as const,
        ...withFooter(
          reminderMail({ nombre: r.nombre, modulo: m.titulo, curso: m.curso.titulo, fecha, url }),
          r.userId,
        ),
      }));
    }
  }
  return run;
}

function withFooter(mail: { subject: string; text: string }, userId: string) {
  return { subject: mail.subject, text: mail.text + dueReminderFooter(userId) };
}

/**
 * Claims (moduloId, userId) for these learners and queues the mail of each claim this insert
 * made, in one transaction: the claim and its mail are written together or not at all.
 */
async function claimAndQueue<R extends { userId: string }>(
  moduleId: string,
  rows: readonly R[],
  mailOf: (row: R) => Parameters<typeof enqueueMails>[0][number],
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const values = Prisma.join(rows.map((r) => Prisma.sql`(${moduleId}, ${r.userId}, CURRENT_TIMESTAMP)`));
    const claimed = await tx.$queryRaw<Array<{ userId: string }>>`
      INSERT INTO "ModuleReminder" ("moduloId", "userId", "createdAt") VALUES ${values}
      ON CONFLICT DO NOTHING RETURNING "userId"`;
    const mine = new Set(claimed.map((c) => c.userId));
    const mails = rows.filter((r) => mine.has(r.userId)).map(mailOf);
    await enqueueMails(mails, tx);
    return mails.length;
  });
}
