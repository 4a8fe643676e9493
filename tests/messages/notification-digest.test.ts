// @postgresql: racing digests claim rows in raw SQL
// The daily digest ('Resumen diario', docs/product.md#notifications, decision 025): the day's
// cutoff at DIGEST_HOUR in Chile across its clock changes; one e-mail per person listing exactly
// the rows they still get in the digest, never twice when runs race; rows after the cutoff wait
// for the next day; the digest's one-click unsubscribe (on a real SMTP server); one pass over the
// (digestPending, userId, createdAt) index.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { optOutPath } from "~/features/mail/opt-out.server.ts";
import { NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { DIGEST_LISTED, DIGEST_SETTLE_MS, digestCutoff, sendDigests } from "~/features/notifications/digest.server.ts";
import { getPreferences, notify, setPreferences } from "~/features/notifications/notify.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as optOutPage from "~/routes/email-notices-off.tsx";
import { args, createUser, dataOf, formRequest } from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

const smtp = smtpCapture();
const DAY = 24 * 60 * 60 * 1000;

const question = (to: string[], title: string) => ({
  kind: "pregunta" as const,
  to,
  title,
  text: "Una estudiante preguntó en «Álgebra».",
  link: "/cursos/algebra",
});

/** A teacher who chose the daily digest for new questions (they come at once by default). */
async function digestTeacher() {
  const teacher = await createUser();
  await setPreferences(teacher.id, { pregunta: "digest" });
  return teacher;
}

describe("the day's cutoff", () => {
  it("is the latest DIGEST_HOUR:00 in Chile at or before now, in summer and in winter time", () => {
    // Summer (UTC−3): 07:00 in Santiago is 10:00 UTC.
    expect(digestCutoff(new Date("2026-11-20T10:00:00Z"), 7).toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(digestCutoff(new Date("2026-11-20T09:59:59Z"), 7).toISOString()).toBe("2026-11-19T10:00:00.000Z");
    expect(digestCutoff(new Date("2026-11-21T02:30:00Z"), 7).toISOString()).toBe("2026-11-20T10:00:00.000Z");
    // Winter (UTC−4): 07:00 is 11:00 UTC.
    expect(digestCutoff(new Date("2026-07-10T11:00:00Z"), 7).toISOString()).toBe("2026-07-10T11:00:00.000Z");
    expect(digestCutoff(new Date("2026-07-10T10:30:00Z"), 7).toISOString()).toBe("2026-07-09T11:00:00.000Z");
    // Midnight, the first of the month (the day before is the month before).
    expect(digestCutoff(new Date("2026-12-01T02:00:00Z"), 0).toISOString()).toBe("2026-11-30T03:00:00.000Z");
  });
});

describe("sendDigests", () => {
  it("one e-mail per person with the rows they still get in the digest; racing runs never send a row twice", async () => {
    const teacher = await digestTeacher();
    const chose = await createUser(); // chose the digest for announcements too
    const objected = await createUser(); // turned optional e-mail off
    const changed = await createUser(); // chose 'app' for questions after the rows were written
    const noMailbox = await createUser({ correo: `sin.${crypto.randomUUID().slice(0, 6)}@${NO_EMAIL_DOMAIN}` });
    await setPreferences(chose.id, { aviso: "digest", pregunta: "digest" });
    await setPreferences(changed.id, { pregunta: "digest" });
    await prisma.user.update({ where: { id: objected.id }, data: { avisosCorreo: false } });
    const everyone = [teacher.id, chose.id, objected.id, changed.id, noMailbox.id];
    await notify(question(everyone, "Pregunta sobre fracciones"));
    await notify(question([teacher.id, chose.id], "Pregunta sobre decimales"));
    await notify({ kind: "aviso", to: [chose.id], title: "Cambió el módulo 2", text: "Nuevo material.", link: "/x" });
    // The objector's row never waited for a digest (notify made it in-app only).
    expect(await prisma.notification.count({ where: { userId: objected.id, digestPending: true } })).toBe(0);
    await setPreferences(changed.id, { pregunta: "app" });

    const tomorrow = new Date(Date.now() + 2 * DAY);
    const [a, b] = await Promise.all([sendDigests(tomorrow), sendDigests(tomorrow)]);
    const mails = await prisma.outboxMail.findMany({
      where: { kind: "notice.resumen", toUserId: { in: everyone } },
      orderBy: { toUserId: "asc" },
    });
    expect(mails.map((m) => m.toUserId).sort()).toEqual([teacher.id, chose.id].sort());
    expect(a.mailed + b.mailed).toBeGreaterThanOrEqual(2);
    const mine = mails.find((m) => m.toUserId === teacher.id)!;
    expect(mine.subject).toBe("Tu resumen diario: 2 notificaciones");
    expect(mine.text.indexOf("Pregunta sobre fracciones")).toBeLessThan(mine.text.indexOf("Pregunta sobre decimales"));
    expect(mine.text).toContain("http://localhost:3000/cursos/algebra");
    expect(mine.text).toContain("http://localhost:3000/notificaciones");
    expect(mine.text).toContain(optOutPath(teacher.id, "resumen"));
    expect(mails.find((m) => m.toUserId === chose.id)!.subject).toBe("Tu resumen diario: 3 notificaciones");
    // Every waiting row was claimed (listed or left out), and stays in the academy.
    expect(await prisma.notification.count({ where: { userId: { in: everyone }, digestPending: true } })).toBe(0);
    expect(await prisma.notification.count({ where: { userId: teacher.id } })).toBe(2);
    // Again: nothing.
    expect(await sendDigests(tomorrow)).toMatchObject({ mailed: 0 });

    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const got = smtp.received.filter((m) => m.to.includes(teacher.correo));
    expect(got).toHaveLength(1);
    // Headers may be folded on the wire (RFC 5322): unfolded, the one-click link is the digest's.
    const headers = got[0]!.raw.replace(/\r\n[ \t]+/g, " ");
    expect(headers).toContain(`List-Unsubscribe: <http://localhost:3000${optOutPath(teacher.id, "resumen")}>`);
    expect(got[0]!.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("rows written after the day's cutoff wait for the next day's digest; a long day is counted, not listed", async () => {
    const teacher = await digestTeacher();
    const titles = Array.from({ length: DIGEST_LISTED + 5 }, (_, i) => `Pregunta ${i + 1}`);
    for (const title of titles) await notify(question([teacher.id], title));
    // Now: today's cutoff is before these rows, so they wait.
    expect(await sendDigests(new Date())).toMatchObject({ mailed: 0 });
    expect(await prisma.notification.count({ where: { userId: teacher.id, digestPending: true } })).toBe(titles.length);
    await sendDigests(new Date(Date.now() + 2 * DAY));
    const [mail] = await prisma.outboxMail.findMany({ where: { kind: "notice.resumen", toUserId: teacher.id } });
    expect(mail!.subject).toBe(`Tu resumen diario: ${titles.length} notificaciones`);
    expect(mail!.text).toContain(`Pregunta ${DIGEST_LISTED}\n`);
    expect(mail!.text).not.toContain(`Pregunta ${DIGEST_LISTED + 1}\n`);
    expect(mail!.text).toContain("…y 5 más.");
  });

  it("a person suspended after their rows were written gets no digest; the rows are claimed, so none goes out later", async () => {
    const teacher = await digestTeacher();
    await notify(question([teacher.id], "Pregunta antes de la suspensión"));
    expect(await prisma.notification.count({ where: { userId: teacher.id, digestPending: true } })).toBe(1);
    await prisma.user.update({ where: { id: teacher.id }, data: { aprobado: false } });
    const tomorrow = new Date(Date.now() + 2 * DAY);
    expect(await sendDigests(tomorrow)).toMatchObject({ mailed: 0 });
    expect(await prisma.notification.count({ where: { userId: teacher.id, digestPending: true } })).toBe(0);
    // Approved again: the old rows are not sent then either.
    await prisma.user.update({ where: { id: teacher.id }, data: { aprobado: true } });
    await sendDigests(new Date(Date.now() + 3 * DAY));
    expect(await prisma.outboxMail.count({ where: { kind: "notice.resumen", toUserId: teacher.id } })).toBe(0);
    // The rows stay in the academy.
    expect(await prisma.notification.count({ where: { userId: teacher.id } })).toBe(1);
  });

  it("a pass takes the day's cutoff only once every row from before it is committed (no second digest that day)", async () => {
    const teacher = await digestTeacher();
    await notify(question([teacher.id], "Pregunta escrita justo antes de la hora"));
    const cutoff = digestCutoff(new Date(Date.now() + 2 * DAY));
    // Written a minute before the cutoff by a transaction that could still be open at it.
    await prisma.notification.updateMany({
      where: { userId: teacher.id },
      data: { createdAt: new Date(cutoff.getTime() - 60_000) },
    });
    const mailsTo = () => prisma.outboxMail.count({ where: { kind: "notice.resumen", toUserId: teacher.id } });
    // Right after the cutoff the pass still takes the day before's (whose digest is sent): the
    // row waits, rather than go out in a second e-mail after today's.
    await sendDigests(new Date(cutoff.getTime() + 60_000));
    expect(await mailsTo()).toBe(0);
    await sendDigests(new Date(cutoff.getTime() + DIGEST_SETTLE_MS));
    expect(await mailsTo()).toBe(1);
  });

  it("the digest's one-click link turns every kind in the digest to in-app only, without a session", async () => {
    const teacher = await createUser();
    await setPreferences(teacher.id, { aviso: "digest", pregunta: "digest", mensaje: "email" });
    const token = optOutPath(teacher.id, "resumen").split("/").at(-1)!;
    const { data: answer, status } = dataOf<{ ok: boolean; message: string }>(
      await optOutPage.action(
        args(formRequest(`/avisos/baja/${token}`, { "List-Unsubscribe": "One-Click" }, { origin: "null" }), { token }),
      ),
    );
    expect([status, answer.ok]).toEqual([200, true]);
    expect(answer.message).toMatch(/resumen diario/);
    const prefs = await getPreferences(teacher.id);
    expect([prefs.aviso, prefs.pregunta, prefs.mensaje]).toEqual(["app", "app", "email"]);
    // The page itself names what the link stops.
    const view = await optOutPage.loader(args(new Request(`http://localhost:3000/avisos/baja/${token}`), { token }));
    expect(JSON.stringify(view)).toContain("Resumen diario");
  });
});
