// Due-date reminders (docs/product.md#due-dates, decision 027): REMINDER_DAYS_BEFORE days before a
// module's due date, each enrolled learner who has not passed its quiz gets one 'recordatorio'
// notification. Every instance may run this job: the ModuleReminder row, inserted with ON CONFLICT
// DO NOTHING in the notifications' transaction, decides, and only the rows it returned are told.
import { Prisma } from "~/generated/prisma/client.ts";
import { notify } from "~/features/notifications/notify.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { moduleNumbers } from "./due-dates.server.ts";
import { reminderNotice } from "./texts.ts";

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** Modules with a date in the window; learners told; e-mails queued at once (the rest in-app or digest). */
export type ReminderRun = { modules: number; reminded: number; mailed: number };

/** One pass: each module with a quiz due soon, its learners not yet reminded and without a pass, BATCH at a time. */
export async function sendDueReminders(now = new Date()): Promise<ReminderRun> {
  const until = new Date(now.getTime() + env().REMINDER_DAYS_BEFORE * DAY);
  const modules = await prisma.module.findMany({
    where: { fechaLimite: { gt: now, lte: until }, preguntas: { some: {} }, curso: { estado: "publicado" } },
    orderBy: [{ fechaLimite: "asc" }, { id: "asc" }],
    select: { id: true, cursoId: true, titulo: true, fechaLimite: true, curso: { select: { titulo: true } } },
  });
  const run: ReminderRun = { modules: modules.length, reminded: 0, mailed: 0 };
  const numbers = await moduleNumbers(modules.map((m) => m.cursoId));
  for (const m of modules) {
    const numero = numbers.get(m.id) ?? 1;
    const notice = reminderNotice({
      modulo: m.titulo,
      curso: m.curso.titulo,
      fecha: formatChileDateTime(m.fechaLimite!),
    });
    const link = `/cursos/${m.cursoId}?modulo=${numero}#modulo-${numero}`;
    // Each round reads the next learners not yet claimed; the claims of the round before (ours
    // or another instance's) are out of it, so the rounds end.
    for (let round = 0; round < 10_000; round++) {
      const due = await prisma.$queryRaw<Array<{ userId: string }>>`
        SELECT e."userId" FROM "Enrolment" e
        JOIN "User" u ON u."id" = e."userId"
        WHERE e."cursoId" = ${m.cursoId} AND u."aprobado" = TRUE
          AND NOT EXISTS (SELECT 1 FROM "ModuleReminder" r WHERE r."moduloId" = ${m.id} AND r."userId" = e."userId")
          AND NOT EXISTS (SELECT 1 FROM "QuizPairTally" p
                          WHERE p."moduloId" = ${m.id} AND p."userId" = e."userId" AND p."aprobados" > 0)
        LIMIT ${BATCH}`;
      if (due.length === 0) break;
      const told = await claimAndNotify(m.id, due, {
        kind: "recordatorio",
        ...notice,
        link,
        linkLead: "Ir al módulo:",
      });
      run.reminded += told.notified;
      run.mailed += told.mailed;
    }
  }
  return run;
}

/**
 * Claims (moduloId, userId) for these learners and tells those this insert claimed, in one
 * transaction: the claim and its notification (and e-mail) are written together or not at all.
 */
async function claimAndNotify(
  moduleId: string,
  rows: ReadonlyArray<{ userId: string }>,
  notice: Omit<Parameters<typeof notify>[0], "to">,
) {
  return prisma.$transaction(
    async (tx) => {
      const values = Prisma.join(rows.map((r) => Prisma.sql`(${moduleId}, ${r.userId}, CURRENT_TIMESTAMP)`));
      const claimed = await tx.$queryRaw<Array<{ userId: string }>>`
        INSERT INTO "ModuleReminder" ("moduloId", "userId", "createdAt") VALUES ${values}
        ON CONFLICT DO NOTHING RETURNING "userId"`;
      return notify({ ...notice, to: claimed.map((c) => c.userId) }, tx);
    },
    { timeout: 60_000 },
  );
}
