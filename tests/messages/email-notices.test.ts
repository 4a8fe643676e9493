// Objection: optional notices (a new message, waiting registrations) go only to
// people who keep them on; each carries a link — and RFC 8058 one-click headers, checked on a real
// SMTP server — that turns them off without signing in. Needed mail is never affected.
import { describe, expect, it } from "vitest";
import { optOutPath, userOfOptOut } from "~/features/mail/opt-out.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { noticeAdminsOfRegistration } from "~/features/accounts/registration-notice.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as apiMensajes from "~/routes/api/mensajes.ts";
import * as optOutPage from "~/routes/email-notices-off.tsx";
import { args, createUser, dataOf, formRequest, getRequest, jsonRequest, signedIn } from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

const smtp = smtpCapture();

const tokenOf = (userId: string) => optOutPath(userId).split("/").at(-1)!;
const page = (token: string) => optOutPage.loader(args(getRequest(`/avisos/baja/${token}`), { token }));
const post = async (token: string, body: Record<string, string> = {}, origin?: string) =>
  dataOf<{ ok: boolean; message: string }>(
    await optOutPage.action(args(formRequest(`/avisos/baja/${token}`, body, origin ? { origin } : {}), { token })),
  );

async function message(token: string, to: string, subject = "Hola") {
  const response = await apiMensajes.action(
    args(jsonRequest("/api/mensajes", { to, subject, content: "x" }, { token })),
  );
  expect(response.status).toBe(201);
}

describe("optional notices", () => {
  it("carry a one-click opt-out (link and RFC 8058 headers) that works once, without signing in", async () => {
    const sender = await signedIn();
    const reader = await createUser({ correo: "lectora@test.cl" });
    await message(sender.token, reader.correo);
    const notice = await prisma.outboxMail.findFirstOrThrow({ where: { to: reader.correo, kind: "message.notice" } });
    expect(notice.toUserId).toBe(reader.id);
    expect(notice.text).toContain(`http://localhost:3000${optOutPath(reader.id)}`);

    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const raw = smtp.received.find((m) => m.to.includes("lectora@test.cl"))!.raw;
    expect(raw).toBeTruthy();
    // A new message's notice is the 'mensaje' notification's e-mail: its one-click header stops that
    // kind (tests/messages/notifications.test.ts); its text also carries the link that stops them all.
    expect(raw.replace(/\r\n\s+/g, " ")).toContain(
      `List-Unsubscribe: <http://localhost:3000${optOutPath(reader.id, "mensaje")}>`,
    );
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // Opening the link changes nothing (mail scanners); the POST does — as a mail client's
    // one-click POST does, from no origin of ours and with no cookie.
    const token = tokenOf(reader.id);
    expect(dataOf(page(token)).status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: reader.id } })).avisosCorreo).toBe(true);
    expect(await post(token, { "List-Unsubscribe": "One-Click" })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: reader.id } })).avisosCorreo).toBe(false);

    // The next message arrives in the inbox, with no notice e-mail.
    await message(sender.token, reader.correo, "Otra vez");
    expect(await prisma.message.count({ where: { toId: reader.id } })).toBe(2);
    expect(await prisma.outboxMail.count({ where: { to: reader.correo, kind: "message.notice" } })).toBe(1);
  });

  it("a module reminder queued before reminders became notifications keeps its one-click way out", async () => {
    const learner = await createUser({ correo: "recordada@test.cl" });
    await prisma.outboxMail.create({
      data: { to: learner.correo, toUserId: learner.id, subject: "Recordatorio", text: "x", kind: "due.reminder" },
    });
    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const raw = smtp.received.find((m) => m.to.includes(learner.correo))!.raw;
    expect(raw.replace(/\r\n\s+/g, " ")).toContain(
      `List-Unsubscribe: <http://localhost:3000${optOutPath(learner.id, "recordatorio")}>`,
    );
  });

  it("refuse forged or borrowed links", async () => {
    const a = await createUser();
    const b = await createUser();
    const forged = `${b.id}.${tokenOf(a.id).split(".")[1]}`;
    for (const token of [forged, "x", `${a.id}.`, `.${tokenOf(a.id)}`, "a".repeat(300)]) {
      expect(userOfOptOut(token), token).toBeNull();
      expect(dataOf(page(token)).status).toBe(404);
      expect((await post(token)).status).toBe(404);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: b.id } })).avisosCorreo).toBe(true);
  });

  it("the admins' notice of waiting registrations skips admins who turned notices off", async () => {
    const on = await createUser({ rol: "admin" });
    const off = await createUser({ rol: "admin" });
    await prisma.user.update({ where: { id: off.id }, data: { avisosCorreo: false } });
    await createUser({ aprobado: false });
    await prisma.cacheStamp.deleteMany({ where: { name: "registration-notice" } });
    await noticeAdminsOfRegistration();
    const to = (await prisma.outboxMail.findMany({ where: { kind: "registration.notice" } })).map((m) => m.to);
    expect(to).toContain(on.correo);
    expect(to).not.toContain(off.correo);
  });
});
