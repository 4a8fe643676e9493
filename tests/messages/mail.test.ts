// @postgresql: concurrent senders lease the outbox in raw SQL; trigger-kept counts
// Mail delivery against a real SMTP server on 127.0.0.1 (smtp-server), and the contact form's
// storage, honeypot and rate limit on a real SQLite database.
import net from "node:net";
import type * as Timers from "node:timers/promises";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FAILED, CONTACT_NOT_FOUND, CONTACT_OK, REPLY_REQUIRED } from "~/features/contact/texts.ts";
import { enqueueMail, enqueueMails } from "~/features/mail/outbox.server.ts";
import {
  backoffMs,
  createSmtpTransport,
  deliverPending,
  leaseMs,
  MAX_ATTEMPTS,
  type MailTransport,
} from "~/features/mail/sender.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { expectErrorLog } from "../setup.ts";
import { env, resetEnvCache } from "~/lib/env.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import * as mailSend from "~/routes/api/mail.send.ts";
import * as contactRoute from "~/routes/contact.tsx";
import * as adminContact from "~/routes/admin/contact-messages.tsx";
import * as adminOutbox from "~/routes/admin/outbox.tsx";
import {
  args,
  createUser,
  dataOf as sharedDataOf,
  flashOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  sessionCookie,
} from "../factories.ts";

// The sender's waits (node:timers/promises) on a fake clock when a test asks for it: each wait
// moves the faked Date on by its length at once, so the rate and the stop are counted, not timed.
const clock = vi.hoisted(() => ({ fake: false, waits: [] as number[], onWait: (_ms: number) => {} }));
vi.mock("node:timers/promises", async (original) => {
  const real = await original<typeof Timers>();
  const wait = async (ms?: number, value?: unknown, options?: Parameters<typeof real.setTimeout>[2]) => {
    if (!clock.fake) return real.setTimeout(ms, value, options);
    clock.waits.push(ms ?? 0);
    clock.onWait(ms ?? 0);
    vi.advanceTimersByTime(ms ?? 0);
    return value;
  };
  return { ...real, setTimeout: wait };
});

/** Runs `test` with Date faked (standing still unless moved) and the sender's waits on it. */
async function onFakeClock<T>(test: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  Object.assign(clock, { fake: true, waits: [], onWait: () => {} });
  try {
    return await test();
  } finally {
    clock.fake = false;
    vi.useRealTimers();
  }
}

type Received = { from: string; to: string[]; body: string };
const received: Received[] = [];

/** "ms_id" keys compared as the list orders them: time, then id. */
const compareKeys = (a: string, b: string) => {
  const [ta, ia] = [Number(a.split("_")[0]), a.slice(a.indexOf("_") + 1)];
  const [tb, ib] = [Number(b.split("_")[0]), b.slice(b.indexOf("_") + 1)];
  return ta !== tb ? ta - tb : ia < ib ? -1 : ia > ib ? 1 : 0;
};
let server: SMTPServer;
let port = 0;
/** SMTP connections the server has accepted. */
let connections = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", () => resolve()));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return p;
}

describe("mail sender on several instances", () => {
  it("two senders running at once deliver each queued mail exactly once", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const to = Array.from({ length: 12 }, (_, i) => `una-vez-${i}@test.cl`);
    for (const address of to) await enqueueMail({ kind: "message.notice", to: address, subject: "Una vez", text: "x" });
    const smtp = () => createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000 });
    const reports = await Promise.all([
      deliverPending(smtp(), { from: "a@test.cl", senderId: "instancia-a" }),
      deliverPending(smtp(), { from: "a@test.cl", senderId: "instancia-b" }),
    ]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(12);
    for (const address of to) expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    const rows = await prisma.outboxMail.findMany({ where: { to: { in: to } } });
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("a sender that died after claiming leaves the row to another once the lease runs out", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const now = new Date();
    const { id } = (await enqueueMail({
      kind: "message.notice",
      to: "huerfano@test.cl",
      subject: "Lease",
      text: "x",
    }))!;
    // What a claim leaves behind when its process is killed before sending.
    await prisma.outboxMail.update({
      where: { id },
      data: { claimedBy: "instancia-muerta", nextAttemptAt: new Date(now.getTime() + leaseMs()) },
    });
    const smtp = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000 });
    expect(await deliverPending(smtp, { now, from: "a@test.cl", senderId: "instancia-viva" })).toEqual({
      sent: 0,
      failed: 0,
    });
    const later = new Date(now.getTime() + leaseMs() + 1000);
    expect(await deliverPending(smtp, { now: later, from: "a@test.cl", senderId: "instancia-viva" })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await prisma.outboxMail.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "sent",
      claimedBy: "instancia-viva",
    });
    expect(received.filter((m) => m.to.includes("huerfano@test.cl"))).toHaveLength(1);
  });
  it("a pass longer than the lease leases each mail when it claims it: a second sender sends none twice", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    // The first instance's mail server takes 800 ms per message, so its pass outlasts a 2 s lease;
    // the second instance reaches the usual quick one.
    const slowlyReceived: string[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          slowlyReceived.push(...session.envelope.rcptTo.map((r) => r.address));
          setTimeout(callback, 800);
        });
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", () => resolve()));
    const slowPort = (slow.server.address() as net.AddressInfo).port;
    const lease = process.env.MAIL_LEASE_S;
    process.env.MAIL_LEASE_S = "2";
    resetEnvCache();
    try {
      const to = Array.from({ length: 6 }, (_, i) => `lento-${i}@test.cl`);
      for (const address of to) await enqueueMail({ kind: "message.notice", to: address, subject: "Lento", text: "x" });
      let firstDone = false;
      const first = deliverPending(createSmtpTransport(`smtp://127.0.0.1:${slowPort}`, { timeoutMs: 5000 }), {
        from: "a@test.cl",
        senderId: "instancia-lenta",
      }).finally(() => {
        firstDone = true;
      });
      // The second instance's sender starts once the first pass has outlived its lease, and ticks
      // every 100 ms for as long as that pass runs.
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await sleep(leaseMs() + 100);
      const quick = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000 });
      let secondSent = 0;
      while (!firstDone) {
        secondSent += (await deliverPending(quick, { from: "a@test.cl", senderId: "instancia-b" })).sent;
        await sleep(100);
      }
      expect((await first).sent + secondSent).toBe(to.length);
      for (const address of to) {
        const copies =
          slowlyReceived.filter((a) => a === address).length + received.filter((m) => m.to.includes(address)).length;
        expect(copies, address).toBe(1);
      }
      const rows = await prisma.outboxMail.findMany({ where: { to: { in: to } } });
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      if (lease === undefined) delete process.env.MAIL_LEASE_S;
      else process.env.MAIL_LEASE_S = lease;
      resetEnvCache();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe("the outbox's counts (Tally)", () => {
  it("follow a multi-row insert and a delete of many rows (a statement trigger on PostgreSQL)", async () => {
    const tally = async () => {
      const rows = await prisma.tally.findMany({ where: { key: { in: ["outbox:all", "outbox:pending"] } } });
      return Object.fromEntries(rows.map((r) => [r.key, r.n]));
    };
    const before = await tally();
    const to = Array.from({ length: 40 }, (_, i) => `cuenta-${i}-${Date.now()}@test.cl`);
    expect(
      await enqueueMails(to.map((address) => ({ kind: "notice.aviso", to: address, subject: "x", text: "y" }))),
    ).toBe(40);
    const after = await tally();
    expect(after["outbox:all"]! - (before["outbox:all"] ?? 0)).toBe(40);
    expect(after["outbox:pending"]! - (before["outbox:pending"] ?? 0)).toBe(40);
    await prisma.outboxMail.deleteMany({ where: { to: { in: to } } });
    expect(await tally()).toEqual({
      ...after,
      "outbox:all": after["outbox:all"]! - 40,
      "outbox:pending": after["outbox:pending"]! - 40,
    });
    // The counts the admin's outbox shows are the table's.
    const [all, pending] = [
      await prisma.outboxMail.count(),
      await prisma.outboxMail.count({ where: { status: "pending" } }),
    ];
    expect(await tally()).toMatchObject({ "outbox:all": all, "outbox:pending": pending });
  });
});

describe("mail sender", () => {
  it("the running sender's pooled transport sends a queue on one connection, at most MAIL_RATE_PER_MIN a minute", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const to = Array.from({ length: 6 }, (_, i) => `ritmo-${i}@test.cl`);
    for (const address of to) await enqueueMail({ kind: "message.notice", to: address, subject: "Ritmo", text: "x" });
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000, pool: true });
    const before = connections;
    // 600 a minute: a send starts 100 ms after the one before, on a fake clock where the sends
    // themselves take no time (so nothing but the sender's own waits moves it).
    const starts: number[] = [];
    const counted: MailTransport = {
      sendMail: (mail) => {
        starts.push(Date.now());
        return transport.sendMail(mail);
      },
    };
    const report = await onFakeClock(() => deliverPending(counted, { from: "a@test.cl", gapMs: 100, limit: 1000 }));
    transport.close?.();
    expect(report).toEqual({ sent: 6, failed: 0 });
    expect(starts.slice(1).map((at, i) => at - starts[i]!)).toEqual([100, 100, 100, 100, 100]);
    expect(connections - before).toBe(1);
    for (const address of to) expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
  });

  it("a stop is heard during the gap: the pass ends without waiting it out", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    for (let i = 0; i < 3; i++)
      await enqueueMail({ kind: "message.notice", to: `pausa-${i}@test.cl`, subject: "x", text: "x" });
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000, pool: true });
    let stop = false;
    const report = await onFakeClock(async () => {
      // The stop comes during the first step of the 60 s gap.
      clock.onWait = () => (stop = true);
      return deliverPending(transport, { from: "a@test.cl", gapMs: 60_000, stopped: () => stop });
    });
    transport.close?.();
    expect(report.sent).toBe(1);
    // Heard after that one step (at most 250 ms), not after the gap.
    expect(clock.waits).toEqual([250]);
    expect(await prisma.outboxMail.count({ where: { to: { startsWith: "pausa-" }, status: "pending" } })).toBe(2);
  });

  it("delivers a pending row over SMTP and marks it sent", async () => {
    const { id } = (await enqueueMail({
      kind: "message.notice",
      to: "destino@test.cl",
      subject: "Prueba de envío",
      text: "Hola desde la cola",
    }))!;
    const report = await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000 }), {
      from: "Academia <no-responder@test.cl>",
    });
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const row = await prisma.outboxMail.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
    const mail = received.find((m) => m.to.includes("destino@test.cl"));
    expect(mail?.from).toBe("no-responder@test.cl");
    expect(mail?.body).toContain("Subject: =?UTF-8?Q?Prueba_de_env=C3=ADo?=");
    expect(mail?.body).toContain("Hola desde la cola");
  });

  it("records the error, counts the attempt and backs off when the server is down", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const { id } = (await enqueueMail({ kind: "contact.form", to: "caido@test.cl", subject: "x", text: "y" }))!;
    const now = new Date();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, { timeoutMs: 3000 });
    // On a fake clock, the failed send takes 1 234 ms of it.
    const slowly: MailTransport = {
      sendMail: (mail) => {
        vi.advanceTimersByTime(1234);
        return transport.sendMail(mail);
      },
    };
    const report = await onFakeClock(() => deliverPending(slowly, { now, from: "a@test.cl" }));
    expect(report).toEqual({ sent: 0, failed: 1 });
    const row = await prisma.outboxMail.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The back-off counts from the failure: the pass's start (`now`) plus the time it took.
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 1234 + backoffMs(1));

    // Not due yet: the next pass leaves it alone; once due, it is retried with a longer delay.
    expect(await deliverPending(transport, { now, from: "a@test.cl" })).toEqual({ sent: 0, failed: 0 });
    const later = row.nextAttemptAt;
    await onFakeClock(() => deliverPending(transport, { now: later, from: "a@test.cl" }));
    const again = await prisma.outboxMail.findUniqueOrThrow({ where: { id } });
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime()).toBe(later.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBeGreaterThan(backoffMs(1));

    // The last allowed attempt marks it failed (and logs an error: nobody will try it again).
    expectErrorLog();
    await prisma.outboxMail.update({ where: { id }, data: { attempts: MAX_ATTEMPTS - 1, nextAttemptAt: now } });
    await deliverPending(transport, { now, from: "a@test.cl" });
    expect((await prisma.outboxMail.findUniqueOrThrow({ where: { id } })).status).toBe("failed");
  });
});

type ContactData = { success?: boolean; result?: { error?: Record<string, string[] | null> } };
const dataOf = (value: unknown) => sharedDataOf<ContactData>(value);
describe("contact form", () => {
  it("stores the submission and queues it for the academy even when SMTP is down", async () => {
    const result = dataOf(
      await contactRoute.action(
        args(
          formRequest("/contacto", {
            nombre: " Rosa Díaz ",
            correo: "rosa@test.cl",
            mensaje: "Quiero información",
            sitioWeb: "",
          }),
        ),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.data.success).toBe(true);
    const saved = await prisma.contactMessage.findFirstOrThrow({ where: { correo: "rosa@test.cl" } });
    expect(saved).toMatchObject({ nombre: "Rosa Díaz", mensaje: "Quiero información" });
    const mail = await prisma.outboxMail.findFirstOrThrow({
      where: { kind: "contact.form", text: { contains: "rosa@test.cl" } },
    });
    expect(mail.to).toBe(env().CONTACT_EMAIL);

    // Delivery fails: the submission and the queued mail are still there.
    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, { timeoutMs: 3000 }), {
      from: "a@test.cl",
    });
    expect(await prisma.contactMessage.count({ where: { correo: "rosa@test.cl" } })).toBe(1);
    const after = await prisma.outboxMail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(after.status).toBe("pending");
    expect(after.lastError).toBeTruthy();
    expect(CONTACT_OK).toBe("¡Mensaje enviado correctamente!");
    expect(CONTACT_FAILED).toBe("Error al enviar el mensaje. Intenta nuevamente.");
  });

  it("requires every field", async () => {
    const result = dataOf(
      await contactRoute.action(args(formRequest("/contacto", { nombre: "", correo: "no-es-correo", mensaje: " " }))),
    );
    expect(result.status).toBe(400);
    expect(Object.keys(result.data.result?.error ?? {}).sort()).toEqual(["correo", "mensaje", "nombre"]);
  });

  it("stores nothing when the honeypot is filled", async () => {
    const result = dataOf(
      await contactRoute.action(
        args(
          formRequest("/contacto", { nombre: "Bot", correo: "bot@test.cl", mensaje: "spam", sitioWeb: "http://spam" }),
        ),
      ),
    );
    expect(result.data.success).toBe(true);
    expect(await prisma.contactMessage.count({ where: { correo: "bot@test.cl" } })).toBe(0);
    expect(await prisma.outboxMail.count({ where: { text: { contains: "bot@test.cl" } } })).toBe(0);
  });

  it("limits submissions per IP (429)", async () => {
    const ip = "10.9.9.9";
    const fields = { nombre: "Luis", correo: "luis@test.cl", mensaje: "Hola" };
    const statuses: number[] = [];
    const budget = BUDGETS.contactIp.points;
    for (let i = 0; i <= budget; i++) {
      statuses.push(dataOf(await contactRoute.action(args(formRequest("/contacto", fields, { ip })))).status);
    }
    expect(statuses.slice(0, budget)).toEqual(Array(budget).fill(200));
    expect(statuses[budget]).toBe(429);
    const api = await mailSend.action(
      args(
        new Request("http://localhost:3000/api/mail/send", {
          method: "POST",
          headers: { "Content-Type": "application/json", "x-academia-client-ip": ip },
          body: JSON.stringify(fields),
        }),
      ),
    );
    expect(api.status).toBe(429);
    expect(await readJson(api)).toEqual({ error: TOO_MANY_REQUESTS });
    expect(await prisma.contactMessage.count({ where: { correo: "luis@test.cl" } })).toBe(BUDGETS.contactIp.points);
  });

  it("accepts the contact form as JSON on /api/mail/send", async () => {
    const ok = await mailSend.action(
      args(jsonRequest("/api/mail/send", { nombre: "Marta", correo: "marta@test.cl", mensaje: "Consulta" })),
    );
    expect(ok.status).toBe(200);
    expect(await readJson(ok)).toEqual({ message: CONTACT_OK });
    expect(await prisma.contactMessage.count({ where: { correo: "marta@test.cl" } })).toBe(1);
    const bad = await mailSend.action(
      args(jsonRequest("/api/mail/send", { nombre: "Marta", correo: "", mensaje: "Consulta" })),
    );
    expect(bad.status).toBe(400);
  });
});

describe("admin views", () => {
  it("pages contact submissions newest first, by the links' cursors and by a typed page alike", async () => {
    const admin = await createUser({ rol: "admin" });
    const cookie = await sessionCookie(admin);
    const base = Date.now() - 3_600_000;
    await prisma.contactMessage.createMany({
      data: Array.from({ length: 65 }, (_, i) => ({
        nombre: `Remitente ${i}`,
        correo: `r${i}@paginas.cl`,
        mensaje: `Mensaje ${i}`,
        createdAt: new Date(base + Math.floor(i / 2) * 1000), // pairs share an instant: the id decides
      })),
    });
    const load = (query: string) => adminContact.loader(args(getRequest(`/admin/contact-messages${query}`, cookie)));
    const first = await load("");
    expect(first.total).toBe(await prisma.contactMessage.count());
    const walked = [...first.items];
    let page = first;
    while (page.cursors.next) {
      page = await load(`?page=${page.page + 1}&desde=${page.cursors.next}`);
      walked.push(...page.items);
    }
    expect(walked.map((m) => m.id)).toHaveLength(first.total);
    expect(new Set(walked.map((m) => m.id)).size).toBe(first.total);
    const keys = walked.map((m) => `${new Date(m.createdAt).getTime()}_${m.id}`);
    expect(keys).toEqual([...keys].sort((a, b) => compareKeys(b, a)));
    // A typed page is the same page its links lead to; back from there by 'Anterior'.
    const typed = await load("?page=2");
    expect(typed.items.map((m) => m.id)).toEqual(walked.slice(30, 60).map((m) => m.id));
    const back = await load(`?page=1&antes=${typed.cursors.prev}`);
    expect(back.items.map((m) => m.id)).toEqual(first.items.map((m) => m.id));
  });

  it("lets admins (only) read contact submissions and the outbox", async () => {
    await contactRoute.action(
      args(formRequest("/contacto", { nombre: "Paz", correo: "paz@test.cl", mensaje: "Hola admin" })),
    );
    const admin = await createUser({ rol: "admin" });
    const cookie = await sessionCookie(admin);
    const contact = await adminContact.loader(args(getRequest("/admin/contact-messages", cookie)));
    const listed = contact.items.find((m) => m.correo === "paz@test.cl")!;
    expect(listed).not.toHaveProperty("mensaje");
    const opened = await adminContact.loader(args(getRequest(`/admin/contact-messages?ver=${listed.id}`, cookie)));
    expect(opened.opened?.mensaje).toContain(listed.excerpt.replace(/…$/, ""));
    expect(opened.items).toEqual(contact.items);
    expect((await adminContact.loader(args(getRequest("/admin/contact-messages?ver=otro", cookie)))).opened).toBeNull();
    const outbox = await adminOutbox.loader(args(getRequest("/admin/outbox", cookie)));
    expect(outbox.items.some((m) => m.kind === "contact.form" && m.excerpt.includes("paz@test.cl"))).toBe(true);
    const student = await createUser();
    const studentCookie = await sessionCookie(student);
    const refused = await adminOutbox.loader(args(getRequest("/admin/outbox", studentCookie))).catch((e: unknown) => e);
    expect((refused as Response).headers.get("Location")).toBe("/");
  });

  it("answers a contact message by e-mail (through the outbox, kept with it) and marks it handled", async () => {
    await contactRoute.action(
      args(formRequest("/contacto", { nombre: "Ines", correo: "ines@test.cl", mensaje: "Cuando parte\nel curso?" })),
    );
    const { id } = await prisma.contactMessage.findFirstOrThrow({ where: { correo: "ines@test.cl" } });
    const admin = await createUser({ rol: "admin", nombre: "Rita", apellido: "Soto" });
    const cookie = await sessionCookie(admin);
    const post = (fields: Record<string, string>) =>
      adminContact.action(
        args(formRequest(`/admin/contact-messages?page=1&ver=${id}`, { contactoId: id, ...fields }, { cookie })),
      );

    // An empty answer: a Spanish error, the text kept, nothing queued nor marked.
    const empty = dataOf(await post({ intent: "responder", respuesta: "   " }));
    expect(empty).toEqual({ status: 400, data: { error: REPLY_REQUIRED, respuesta: "   " } });
    expect(await prisma.outboxMail.count({ where: { kind: "contact.reply" } })).toBe(0);

    // Sent: back to the opened message; the reply is kept, the message handled by this admin.
    const sent = (await post({ intent: "responder", respuesta: "Hola Ines: parte el 3 de marzo." })) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/admin/contact-messages?page=1&ver=${id}`);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { kind: "contact.reply", to: "ines@test.cl" } });
    expect(mail.subject).toBe(`Respuesta a tu mensaje a ${env().APP_NAME}`);
    const load = async () =>
      (await adminContact.loader(args(getRequest(`/admin/contact-messages?ver=${id}`, cookie)))).opened!;
    const opened = await load();
    expect(opened.atendidoPor).toEqual({ nombre: "Rita", apellido: "Soto" });
    expect(opened.atendidoEn).not.toBeNull();
    expect(opened.replies).toEqual([
      expect.objectContaining({
        texto: "Hola Ines: parte el 3 de marzo.",
        author: { nombre: "Rita", apellido: "Soto" },
        envio: "pending",
      }),
    ]);

    // Delivered over SMTP to the address the message came from, the message quoted below.
    const report = await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000 }), {
      from: "academia@test.cl",
    });
    expect(report.failed).toBe(0);
    const delivered = received.filter((m) => m.to.includes("ines@test.cl"));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.body).toContain("Hola Ines: parte el 3 de marzo.");
    expect(delivered[0]!.body).toContain("> Cuando parte\r\n> el curso?");
    expect((await load()).replies[0]!.envio).toBe("sent");

    // Pending again, then handled without a reply; a message that is gone: a Spanish error.
    const pending = (await post({ intent: "pendiente" })) as Response;
    expect(pending.status).toBe(302);
    expect(await load()).toMatchObject({ atendidoEn: null, atendidoPor: null });
    await post({ intent: "atendido" });
    expect((await load()).atendidoPor).toEqual({ nombre: "Rita", apellido: "Soto" });
    const listed = (await adminContact.loader(args(getRequest("/admin/contact-messages", cookie)))).items;
    expect(listed.find((m) => m.id === id)?.atendidoEn).not.toBeNull();
    const gone = (await adminContact.action(
      args(
        formRequest(
          "/admin/contact-messages",
          { contactoId: "no-existe", intent: "responder", respuesta: "x" },
          { cookie },
        ),
      ),
    )) as Response;
    expect(gone.headers.get("Location")).toBe("/admin/contact-messages");
    expect(await flashOf(gone)).toEqual({ type: "error", message: CONTACT_NOT_FOUND });

    // Only admins answer.
    const student = await sessionCookie(await createUser());
    const refused = await adminContact
      .action(args(formRequest("/admin/contact-messages", { contactoId: id, intent: "atendido" }, { cookie: student })))
      .catch((e: unknown) => e);
    expect((refused as Response).headers.get("Location")).toBe("/");

    // Kept with the message: deleted with it.
    await prisma.contactMessage.delete({ where: { id } });
    expect(await prisma.contactReply.count({ where: { contactoId: id } })).toBe(0);
  });

  it("filters the outbox by state, pages it, and puts only a failed mail back in the queue", async () => {
    const admin = await createUser({ rol: "admin" });
    const cookie = await sessionCookie(admin);
    const failed = (await enqueueMail({ kind: "contact.form", to: "fallido@test.cl", subject: "f", text: "t" }))!;
    await prisma.outboxMail.update({
      where: { id: failed.id },
      data: { status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 no existe" },
    });
    const sent = (await enqueueMail({ kind: "contact.form", to: "enviado@test.cl", subject: "s", text: "t" }))!;
    await prisma.outboxMail.update({ where: { id: sent.id }, data: { status: "sent", sentAt: new Date() } });
    for (let i = 0; i < 35; i++)
      await enqueueMail({ kind: "message.notice", to: `n${i}@test.cl`, subject: "n", text: "t" });

    const onlyFailed = await adminOutbox.loader(args(getRequest("/admin/outbox?estado=failed", cookie)));
    expect(onlyFailed.items.map((m) => m.id)).toContain(failed.id);
    expect(onlyFailed.items.every((m) => m.status === "failed")).toBe(true);
    const all = await adminOutbox.loader(args(getRequest("/admin/outbox?estado=nada", cookie)));
    expect(all.status).toBeNull();
    expect(all.items).toHaveLength(30);
    expect(all.pageCount).toBeGreaterThanOrEqual(2);
    const second = await adminOutbox.loader(args(getRequest("/admin/outbox?page=2", cookie)));
    expect(second.items.some((m) => all.items.some((a) => a.id === m.id))).toBe(false);

    const retry = (id: string) =>
      adminOutbox.action(args(formRequest("/admin/outbox?estado=failed", { intent: "retry", id }, { cookie })));
    expect(((await retry(sent.id)) as Response).status).toBe(302);
    expect((await prisma.outboxMail.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("sent");
    const response = (await retry(failed.id)) as Response;
    expect(response.headers.get("Location")).toBe("/admin/outbox?estado=failed");
    const row = await prisma.outboxMail.findUniqueOrThrow({ where: { id: failed.id } });
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const student = await createUser();
    const studentCookie = await sessionCookie(student);
    const refused = await adminOutbox
      .action(args(formRequest("/admin/outbox", { intent: "retry", id: failed.id }, { cookie: studentCookie })))
      .catch((e: unknown) => e);
    expect((refused as Response).headers.get("Location")).toBe("/");
  });

  it("walks every page by its links both ways, and a typed page is the same page, counts from the Tally", async () => {
    const admin = await createUser({ rol: "admin" });
    const cookie = await sessionCookie(admin);
    // Rows of one instant too: the order is (createdAt, id), never createdAt alone.
    const at = new Date("2026-11-20T10:00:00Z");
    await prisma.outboxMail.createMany({
      data: Array.from({ length: 75 }, (_, i) => ({
        kind: "message.notice",
        to: `p${i}@test.cl`,
        subject: `p${i}`,
        text: "t",
        status: i % 5 === 0 ? "failed" : "sent",
        createdAt: i < 40 ? at : new Date(at.getTime() + i * 1000),
      })),
    });
    const expected = await prisma.outboxMail.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const load = (query: string) => adminOutbox.loader(args(getRequest(`/admin/outbox${query}`, cookie)));
    const first = await load("");
    expect(first.total).toBe(expected.length);
    expect(first.pageCount).toBe(Math.ceil(expected.length / 30));

    const seen: string[] = [];
    let page = first;
    const pages = [first];
    for (;;) {
      seen.push(...page.items.map((m) => m.id));
      if (!page.cursors.next) break;
      page = await load(`?page=${page.page + 1}&desde=${page.cursors.next}`);
      pages.push(page);
    }
    expect(seen).toEqual(expected.map((m) => m.id));
    expect(pages.at(-1)!.page).toBe(first.pageCount);
    // Back from the last page by its 'Anterior' links: the same pages.
    for (let i = pages.length - 1; i > 0; i--) {
      const back = await load(`?page=${pages[i]!.page - 1}&antes=${pages[i]!.cursors.prev}`);
      expect(back.items.map((m) => m.id)).toEqual(pages[i - 1]!.items.map((m) => m.id));
    }
    // A typed ?page=N (no cursor) is the same page; past the end is the last page.
    for (const p of pages) expect((await load(`?page=${p.page}`)).items).toEqual(p.items);
    expect((await load("?page=9999")).page).toBe(first.pageCount);

    // The list carries the start of each text; ?ver=ID the whole mail, keeping the list as it was.
    const long = (await enqueueMail({
      kind: "contact.form",
      to: "largo@test.cl",
      subject: "Largo",
      text: "palabra ".repeat(400),
    }))!;
    const withLong = await load(`?ver=${long.id}`);
    const listed = withLong.items.find((m) => m.id === long.id)!;
    expect(listed).not.toHaveProperty("text");
    expect(listed.excerpt.length).toBeLessThanOrEqual(120);
    expect(listed.excerpt.endsWith("…")).toBe(true);
    expect(withLong.opened?.text).toBe("palabra ".repeat(400));
    expect((await load("?ver=noexiste")).opened).toBeNull();
    expect((await load(`?ver=${"x".repeat(65)}`)).opened).toBeNull();

    const failedOnly = await load("?estado=failed");
    const failedCount = await prisma.outboxMail.count({ where: { status: "failed" } });
    expect(failedOnly.total).toBe(failedCount);
    expect(failedOnly.items.map((m) => m.id)).toEqual(
      (
        await prisma.outboxMail.findMany({
          where: { status: "failed" },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: 30,
          select: { id: true },
        })
      ).map((m) => m.id),
    );
  });
});
