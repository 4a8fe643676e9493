// Periodic housekeeping inside the server process (started by server/index.ts through the
// build's entry module). It composes features, so it sits beside the entry module rather than
// in lib/ (which imports no feature). Timers are unref'd: they never keep the process alive.
import { purgeAccountTokens } from "~/features/accounts/account-token.server.ts";
import { purgeExpiredSessions } from "~/features/accounts/session.server.ts";
import { backfillCourseSearch, backfillCourseWords } from "~/features/courses/admin-courses.server.ts";
import { backfillUserWords } from "~/features/accounts/users.server.ts";
import { backfillBookWords } from "~/features/library/book-search.server.ts";
import { runDataSteps, type DataStep } from "~/lib/db/data-steps.server.ts";
import { optimizeDatabase } from "~/lib/db/maintenance.server.ts";
import { purgePastRetention } from "~/features/privacy/retention.server.ts";
import { dropSentMailTexts } from "~/features/mail/outbox.server.ts";
import { purgeOldNotifications } from "~/features/notifications/notify.server.ts";
import { sendDigests } from "~/features/notifications/digest.server.ts";
import { startMailSender, stopMailSender } from "~/features/mail/sender.server.ts";
import { sendDueReminders } from "~/features/due-dates/reminders.server.ts";
import { startBackupSchedule, stopBackupSchedule } from "~/features/backup/schedule.server.ts";
import { env } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { takeFailedDeletes } from "~/lib/storage.server.ts";

const HOUR = 60 * 60 * 1000;
let started = false;
/** The jobs' timers, cleared by stopBackgroundJobs. */
const timers: NodeJS.Timeout[] = [];
/** Runs `job` every `ms` (unref'd: it never keeps the process alive) until stopBackgroundJobs. */
function every(ms: number, job: () => unknown) {
  timers.push(setInterval(job, ms).unref());
}

/** The search columns' and word tables' fills for older rows: each runs once per database (DataStep). */
export const SEARCH_BACKFILLS: readonly DataStep[] = [
  { name: "search:course-title-columns", run: () => backfillCourseSearch() },
  { name: "search:course-words", run: () => backfillCourseWords() },
  { name: "search:user-words", run: () => backfillUserWords() },
  { name: "search:book-words", run: () => backfillBookWords() },
];

/** Reports the hour's stored files that could not be deleted (each logged with its key); returns the count. */
export function reportFailedDeletes(): number {
  const count = takeFailedDeletes();
  if (count > 0) {
    log.error(
      { count },
      `[housekeeping] ${count} stored file(s) could not be deleted since the last report: ` +
        "they are orphaned, see the [storage] lines above for their keys",
    );
  }
  return count;
}

/** Runs `job` now and every `ms`; a failure is logged with `failed` and the job runs again next time. */
function repeat(ms: number, failed: string, job: () => Promise<unknown>) {
  const run = () => job().catch((error) => log.error({ err: error }, failed));
  void run();
  every(ms, run);
}

export function startBackgroundJobs() {
  if (started) return;
  started = true;
  repeat(HOUR, "No se pudieron purgar las sesiones y enlaces vencidos", () =>
    Promise.all([purgeExpiredSessions(), purgeAccountTokens()]),
  );
  // Personal data past its stated retention (docs/product.md#personal-data).
  repeat(HOUR, "No se pudieron borrar los datos vencidos", () =>
    Promise.all([purgePastRetention(), purgeOldNotifications()]),
  );
  // Sent mail keeps its text for a while (a confirmation link's not at all): see outbox.server.ts.
  repeat(HOUR, "No se pudo borrar el texto de los correos enviados", dropSentMailTexts);
  every(HOUR, reportFailedDeletes);
  // How often reminders and the digest are looked for (NOTICE_JOBS_EVERY_S, 15 minutes).
  const noticeEvery = env().NOTICE_JOBS_EVERY_S * 1000;
  // Due-date reminders (docs/product.md#due-dates). Every instance runs it without a lease: a
  // reminder's (module, learner) row is claimed with the mail it queues, so a race between
  // instances queues each reminder once (features/due-dates/reminders.server.ts).
  repeat(noticeEvery, "No se pudieron preparar los recordatorios", sendDueReminders);
  // The daily digest (docs/product.md#notifications), the same way: a digest's rows are claimed
  // with the mail that lists them, so instances racing send each row once, and a person gets at
  // most one digest a day (features/notifications/digest.server.ts).
  // A run that mailed anyone says so, with its time (once a day; `npm run bench:scale` reads it).
  repeat(noticeEvery, "No se pudo preparar el resumen diario", async () => {
    const started = performance.now();
    const run = await sendDigests();
    if (run.people > 0) {
      log.info(
        `[resumen diario] ${run.people} personas, ${run.notifications} notificaciones, ${run.mailed} correos ` +
          `en ${Math.round(performance.now() - started)} ms`,
      );
    }
  });
  // Runs after the migrations (server/index.ts deploys first): search columns and word tables a
  // migration added empty are filled, once per database (DataStep), then the planner gets
  // statistics, and keeps them fresh hourly.
  const optimize = (atStart: boolean) =>
    optimizeDatabase({ atStart }).catch((error) => log.error({ err: error }, "No se pudo optimizar la base de datos"));
  void runDataSteps(SEARCH_BACKFILLS)
    .catch((error) => log.error({ err: error }, "No se pudo completar el índice de búsqueda"))
    .then(() => optimize(true));
  every(HOUR, () => void optimize(false));
  // BACKUP_EVERY_H: one backup per period across every instance (features/backup/schedule.server.ts).
  startBackupSchedule(every);
  // Without SMTP_URL (the demo) mail stays in the outbox, readable by admins.
  const smtpUrl = env().SMTP_URL?.trim();
  if (smtpUrl) startMailSender(smtpUrl, env().MAIL_SEND_INTERVAL_S * 1000);
}

/** Stops the jobs on SIGTERM: the timers, the mail sender after the mail in hand, a backup under way. */
export async function stopBackgroundJobs(): Promise<void> {
  for (const timer of timers.splice(0)) clearInterval(timer);
  await Promise.all([stopMailSender(), stopBackupSchedule()]);
}
