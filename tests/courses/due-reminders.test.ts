// @postgresql: reminders claim rows in raw SQL
// Due-date reminders (docs/product.md#due-dates, docs/decisions/027-due-dates-and-reminders.md):
// through the outbox and a real SMTP server, once per learner and module, even when two runs race.
import { beforeAll, describe, expect, it } from "vitest";
import { sendDueReminders } from "~/features/due-dates/reminders.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { chileLocalInput } from "~/lib/chile-time.ts";
import { prisma } from "~/lib/db.server.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import {
  args,
  createAttempt,
  createCourse,
  createUser,
  formRequest,
  oneQuestionQuiz,
  signedIn,
  withModules,
} from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A published course whose first module has a quiz due at `due`, and a second module to read. */
async function courseWithDue(due: Date, titulo: string) {
  const course = await createCourse(
    {
      titulo,
      modulos: [{ titulo: "Fracciones", fechaLimite: due, preguntas: oneQuestionQuiz() }, { titulo: "Lectura" }],
    },
    withModules,
  );
  return { id: course.id, quiz: course.modulos[0]! };
}

describe("reminder e-mails", () => {
  const smtp = smtpCapture();
  let course: Awaited<ReturnType<typeof courseWithDue>>;
  const now = new Date();
  const people: Record<string, { id: string; correo: string }> = {};

  beforeAll(async () => {
    // Due in 1 day: inside the default 2 days before. Another module due in 5 days is not yet.
    course = await courseWithDue(new Date(now.getTime() + DAY), "Curso con recordatorio");
    const later = await courseWithDue(new Date(now.getTime() + 5 * DAY), "Curso más tarde");
    people.pending = await createUser({ correo: `pendiente-${Date.now()}@test.cl` });
    people.passed = await createUser();
    people.noEmail = await createUser({ correo: `sin-${Date.now()}@sin-correo.invalid` });
    people.optedOut = await createUser();
    await prisma.user.update({ where: { id: people.optedOut.id }, data: { avisosCorreo: false } });
    // Two learners who chose otherwise for 'Recordatorios de fechas límite' in their profile.
    people.inApp = await createUser();
    people.digest = await createUser();
    await prisma.notificationPref.createMany({
      data: [
        { userId: people.inApp.id, kind: "recordatorio", mode: "app" },
        { userId: people.digest.id, kind: "recordatorio", mode: "digest" },
      ],
    });
    for (const p of Object.values(people)) {
      await prisma.enrolment.create({ data: { userId: p.id, cursoId: course.id } });
      await prisma.enrolment.create({ data: { userId: p.id, cursoId: later.id } });
    }
    await createAttempt(people.passed.id, course.quiz);
  });

  it("two racing runs remind each learner who has not passed once; e-mail only where the learner's choice and address allow", async () => {
    const [a, b] = await Promise.all([sendDueReminders(now), sendDueReminders(now)]);
    // Every claim is one notification, none twice.
    const notes = await prisma.notification.findMany({ where: { kind: "recordatorio" } });
    expect(a.reminded + b.reminded).toBe(notes.length);
    expect(await prisma.moduleReminder.count()).toBe(notes.length);
    expect(new Set(notes.map((n) => `${n.userId} ${n.title}`)).size).toBe(notes.length);
    const ids = Object.values(people).map((p) => p.id);
    // Everyone who has not passed is told in the academy, the objector and the learner without e-mail too.
    const told = notes.filter((n) => ids.includes(n.userId)).map((n) => n.userId);
    expect(told.sort()).toEqual(
      [people.pending!.id, people.noEmail!.id, people.optedOut!.id, people.inApp!.id, people.digest!.id].sort(),
    );
    const mine = notes.find((n) => n.userId === people.pending!.id)!;
    expect(mine.link).toBe(`/cursos/${course.id}?modulo=1#modulo-1`);
    expect(mine.title).toMatch(/^Recordatorio: «Fracciones» vence el /);
    expect(notes.find((n) => n.userId === people.digest!.id)!.digestPending).toBe(true);
    // E-mailed at once: only the learner who keeps the default and has an address.
    const all = await prisma.outboxMail.findMany({ where: { kind: "notice.recordatorio" } });
    expect(a.mailed + b.mailed).toBe(all.length);
    const mails = all.filter((m) => ids.includes(m.toUserId!));
    expect(mails.map((m) => m.toUserId)).toEqual([people.pending!.id]);
    expect(mails[0]!.text).toContain(`http://localhost:3000/cursos/${course.id}?modulo=1#modulo-1`);
    expect(mails[0]!.subject).toMatch(/^Recordatorio: «Fracciones» vence el /);
    expect(await prisma.moduleReminder.count({ where: { moduloId: course.quiz.id } })).toBe(5);

    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const addresses = Object.values(people).map((p) => p.correo);
    const received = smtp.received.filter((m) => m.to.some((to) => addresses.includes(to)));
    expect(received.map((m) => m.to)).toEqual([[people.pending!.correo]]);
    // The one-click unsubscribe of the kind 'recordatorio' (RFC 8058).
    expect(received[0]!.raw.replace(/\r\n[ \t]+/g, " ")).toMatch(
      /List-Unsubscribe: <http:\/\/localhost:3000\/avisos\/baja\/[^.>]+\.recordatorio\./,
    );
    expect(received[0]!.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(received[0]!.raw).toContain("Curso con recordatorio");
    expect(smtp.received.some((m) => m.to.some((to) => to.endsWith("@sin-correo.invalid")))).toBe(false);

    // Run again: nothing new.
    expect(await sendDueReminders(now)).toMatchObject({ reminded: 0, mailed: 0 });
  });

  it("a new due date is a new reminder; the learner's data lists the reminders sent", async () => {
    const admin = await signedIn("admin");
    const due = chileLocalInput(new Date(now.getTime() + DAY + 3_600_000));
    await editPage.action(
      args(
        formRequest(
          `/docente/cursos/${course.id}/editar`,
          {
            intent: "update-module",
            moduloId: course.quiz.id,
            titulo: "Fracciones",
            descripcion: "",
            fechaLimite: due,
          },
          { cookie: admin.cookie },
        ),
        { cursoId: course.id },
      ),
    );
    expect(await prisma.moduleReminder.count({ where: { moduloId: course.quiz.id } })).toBe(0);
    expect(await sendDueReminders(now)).toMatchObject({ reminded: 5, mailed: 1 });
    const row = await prisma.moduleReminder.findFirstOrThrow({ where: { userId: people.pending!.id } });
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
