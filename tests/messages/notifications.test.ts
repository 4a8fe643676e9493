// @postgresql: 5 000 recipients in multi-row inserts (the engines' parameter limits differ)
// Notifications (docs/product.md#notifications, docs/decisions/025-notifications.md): notify()
// respects each person's choice per kind and the objection switch, queues one e-mail per
// recipient with its kind's one-click unsubscribe (checked on a real SMTP server), writes 5 000
// recipients in one call (its time: npm run bench:timings); the page, the header's count, the API
// and the profile's form.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { optOutPath } from "~/features/mail/opt-out.server.ts";
import { NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { KIND_INFO, NOTIFICATION_RETENTION_DAYS } from "~/features/notifications/kinds.ts";
import { PREFS_INVALID } from "~/features/notifications/texts.ts";
import {
  getPreferences,
  notify,
  purgeOldNotifications,
  setPreferences,
  unreadNotifications,
} from "~/features/notifications/notify.server.ts";
import { approveUsers } from "~/features/accounts/users.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as apiList from "~/routes/api/notificaciones.ts";
import * as apiRead from "~/routes/api/notificaciones.read.ts";
import * as apiPrefs from "~/routes/api/notificaciones.preferences.ts";
import * as apiMensajes from "~/routes/api/mensajes.ts";
import * as optOutPage from "~/routes/email-notices-off.tsx";
import * as page from "~/routes/notifications.tsx";
import * as profile from "~/routes/user/profile.tsx";
import { args, createUser, dataOf, formRequest, getRequest, jsonRequest, readJson, signedIn } from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

const smtp = smtpCapture();
const APP = "http://localhost:3000";

const aviso = (to: string[], title = "Cambió el módulo 2") => ({
  kind: "aviso" as const,
  to,
  title,
  text: "La profesora actualizó el módulo 2 de «Álgebra».",
  link: "/cursos/algebra",
});

const mailsTo = (userId: string) => prisma.outboxMail.findMany({ where: { toUserId: userId } });
const tokenOf = (userId: string, kind: string | null = null) => optOutPath(userId, kind).split("/").at(-1)!;
const oneClick = async (token: string) =>
  dataOf<{ ok: boolean; message: string }>(
    // A mail client's RFC 8058 POST: no cookie, no Origin of ours.
    await optOutPage.action(
      args(formRequest(`/avisos/baja/${token}`, { "List-Unsubscribe": "One-Click" }, { origin: "null" }), { token }),
    ),
  );

describe("notify", () => {
  it("writes a row for everyone and e-mails only those who want it at once, never a no-email account", async () => {
    const atOnce = await createUser();
    const inApp = await createUser();
    const digest = await createUser();
    const objected = await createUser();
    const noMailbox = await createUser({ correo: `sin.correo.${crypto.randomUUID().slice(0, 6)}@${NO_EMAIL_DOMAIN}` });
    await setPreferences(inApp.id, { aviso: "app" });
    await setPreferences(digest.id, { aviso: "digest" });
    await prisma.user.update({ where: { id: objected.id }, data: { avisosCorreo: false } });

    const ids = [atOnce.id, inApp.id, digest.id, objected.id, noMailbox.id, "no-existe", atOnce.id];
    const outcome = await notify(aviso(ids));
    // Mailed: the mails queued; the outbox drops the one to an address that is no mailbox.
    expect(outcome).toEqual({ notified: 5, mailed: 1, digest: 1 });

    for (const user of [atOnce, inApp, digest, objected, noMailbox]) {
      const rows = await prisma.notification.findMany({ where: { userId: user.id } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: "aviso", link: "/cursos/algebra", readAt: null });
      expect(rows[0]!.digestPending).toBe(user.id === digest.id);
    }
    const mails = await mailsTo(atOnce.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "notice.aviso", subject: "Cambió el módulo 2", to: atOnce.correo });
    expect(mails[0]!.text).toContain(`Ábrelo en ${APP}/cursos/algebra`);
    expect(mails[0]!.text).toContain(`${APP}${optOutPath(atOnce.id, "aviso")}`);
    for (const user of [inApp, digest, objected, noMailbox]) expect(await mailsTo(user.id)).toHaveLength(0);
    expect(await prisma.outboxMail.count({ where: { to: { endsWith: `@${NO_EMAIL_DOMAIN}` } } })).toBe(0);
  });

  it("joins the caller's transaction: rolled back with it", async () => {
    const user = await createUser();
    await expect(
      prisma.$transaction(async (tx) => {
        await notify(aviso([user.id]), tx);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await prisma.notification.count({ where: { userId: user.id } })).toBe(0);
    expect(await mailsTo(user.id)).toHaveLength(0);
  });

  it("never links outside the academy", async () => {
    const user = await createUser();
    await notify({ ...aviso([user.id]), link: "//malo.example/x" });
    expect((await prisma.notification.findFirstOrThrow({ where: { userId: user.id } })).link).toBe("/notificaciones");
  });

  // How long this takes: `npm run bench` (scripts/bench/timings/batches.timing.ts).
  it("5 000 recipients in one call: a row each, and a mail for each who gets this kind at once", async () => {
    const size = 5000;
    const run = crypto.randomUUID().slice(0, 8);
    const ids = Array.from({ length: size }, (_, i) => `notif-${run}-${i}`);
    await prisma.user.createMany({
      data: ids.map((id, i) => ({
        id,
        nombre: `Estudiante ${i}`,
        apellido: "Curso",
        correo: `${id}@curso-grande.cl`,
        rol: "estudiante",
        aprobado: true,
        passwordHash: "x",
      })),
    });
    // A few chose otherwise: read with the batch, not one by one.
    await setPreferences(ids[7]!, { aviso: "app" });
    await setPreferences(ids[4000]!, { aviso: "digest" });
    const outcome = await notify(aviso(ids, "Aviso a todo el curso"));
    expect(outcome).toEqual({ notified: size, mailed: size - 2, digest: 1 });
    expect(await prisma.notification.count({ where: { userId: { in: ids.slice(0, 900) } } })).toBe(900);
    expect(await prisma.outboxMail.count({ where: { to: { endsWith: "@curso-grande.cl" } } })).toBe(size - 2);
  });
});

describe("e-mails and the one-click unsubscribe", () => {
  it("carry the kind's List-Unsubscribe headers on the wire; the POST stops that kind only, without a session", async () => {
    const reader = await createUser({ correo: `lector-${crypto.randomUUID().slice(0, 6)}@test.cl` });
    await notify(aviso([reader.id], "Aviso con baja"));
    // The earlier tests' queue is not under test here.
    await prisma.outboxMail.deleteMany({ where: { status: "pending", NOT: { toUserId: reader.id } } });
    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const raw = smtp.received.find((m) => m.to.includes(reader.correo))!.raw.replace(/\r\n\s+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: <${APP}${optOutPath(reader.id, "aviso")}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toContain(`${APP}${optOutPath(reader.id, "aviso")}`);

    // Opening the link changes nothing; it names the kind.
    const token = tokenOf(reader.id, "aviso");
    const opened = dataOf<{ valid: boolean; label: string }>(
      optOutPage.loader(args(getRequest(`/avisos/baja/${token}`), { token })),
    );
    expect(opened).toMatchObject({ status: 200, data: { valid: true, label: KIND_INFO.aviso.label } });
    expect((await getPreferences(reader.id)).aviso).toBe("email");

    expect(await oneClick(token)).toMatchObject({ status: 200, data: { ok: true } });
    const after = await getPreferences(reader.id);
    expect(after.aviso).toBe("app");
    expect(after.mensaje).toBe("email");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: reader.id } })).avisosCorreo).toBe(true);

    // The next announcement is in the platform only; a message still comes by e-mail.
    await notify(aviso([reader.id], "Otro aviso"));
    await notify({ kind: "mensaje", to: [reader.id], title: "Nuevo mensaje", text: "x", link: "/user/messages" });
    const kinds = (await mailsTo(reader.id)).map((m) => m.kind).sort();
    expect(kinds).toEqual(["message.notice", "notice.aviso"]);
    expect(await prisma.notification.count({ where: { userId: reader.id } })).toBe(3);
  });

  it("refuses a kind's link signed for another kind or person, and a kind with no e-mail to stop", async () => {
    const a = await createUser();
    const b = await createUser();
    const sig = tokenOf(a.id, "aviso").split(".")[2];
    for (const token of [`${a.id}.mensaje.${sig}`, `${b.id}.aviso.${sig}`, tokenOf(a.id, "cuenta"), `${a.id}.x.y.z`]) {
      expect(dataOf(optOutPage.loader(args(getRequest(`/avisos/baja/${token}`), { token }))).status, token).toBe(404);
      expect((await oneClick(token)).status, token).toBe(404);
    }
    expect(await prisma.notificationPref.count({ where: { userId: { in: [a.id, b.id] } } })).toBe(0);
  });

  it("a new message's e-mail is the 'mensaje' kind's: no body, its own link, and the old opt-out still counts", async () => {
    const sender = await signedIn({ nombre: "Rita", apellido: "Rojas", rol: "comunidad" });
    const reader = await createUser();
    const send = (subject: string) =>
      apiMensajes.action(
        args(jsonRequest("/api/mensajes", { to: reader.correo, subject, content: "secreto" }, { token: sender.token })),
      );
    expect((await send("Hola")).status).toBe(201);
    const notice = await prisma.notification.findFirstOrThrow({ where: { userId: reader.id } });
    expect(notice).toMatchObject({ kind: "mensaje", title: "Nuevo mensaje de Rita Rojas en Academia Abierta" });
    expect(notice.link).toMatch(/^\/user\/messages\?ver=/);
    const [mail] = await mailsTo(reader.id);
    expect(mail!.kind).toBe("message.notice");
    expect(mail!.text).toContain(`${APP}${optOutPath(reader.id, "mensaje")}`);
    expect(mail!.text).not.toContain("secreto");

    // The old switch (profile or the old link) still stops it; the notification stays.
    await prisma.user.update({ where: { id: reader.id }, data: { avisosCorreo: false } });
    expect((await send("Otra")).status).toBe(201);
    expect(await mailsTo(reader.id)).toHaveLength(1);
    expect(await prisma.notification.count({ where: { userId: reader.id, kind: "mensaje" } })).toBe(2);
  });

  it("tells a suspended or not yet approved account nothing, in the platform or by e-mail", async () => {
    const approved = await createUser();
    const pending = await createUser({ aprobado: false });
    const suspended = await createUser();
    await prisma.user.update({ where: { id: suspended.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    const outcome = await notify(aviso([approved.id, pending.id, suspended.id], "Solo a cuentas aprobadas"));
    expect(outcome).toMatchObject({ notified: 1, mailed: 1 });
    const rows = await prisma.notification.findMany({ where: { title: "Solo a cuentas aprobadas" } });
    expect(rows.map((r) => r.userId)).toEqual([approved.id]);
    expect(await mailsTo(pending.id)).toEqual([]);
    expect(await mailsTo(suspended.id)).toEqual([]);
  });

  it("an approval notifies in the platform; the needed approval e-mail is the only mail", async () => {
    const admin = await createUser({ rol: "admin" });
    const pending = await createUser({ aprobado: false });
    await approveUsers(admin, [pending.id], null);
    expect(await prisma.notification.findFirstOrThrow({ where: { userId: pending.id } })).toMatchObject({
      kind: "cuenta",
      title: "Tu cuenta fue aprobada",
    });
    expect((await mailsTo(pending.id)).map((m) => m.kind)).toEqual([]);
    expect(await prisma.outboxMail.count({ where: { to: pending.correo, kind: "user.approved" } })).toBe(1);
  });
});

describe("the page, the count and the API", () => {
  async function withNotifications(count: number) {
    const who = await signedIn();
    for (let i = 0; i < count; i++) {
      await notify({ kind: "certificado", to: [who.user.id], title: `N${i}`, text: "t", link: "/user/certificates" });
      // Each in its own millisecond: the order is (createdAt, id), and ids made within one
      // millisecond are not in the order they were made.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return who;
  }

  it("pages newest first on a cursor, counts the unread, marks one and all read with plain forms", async () => {
    const who = await withNotifications(25);
    const first = await page.loader(args(getRequest("/notificaciones", who.cookie)));
    expect(first.items.map((n) => n.title).slice(0, 3)).toEqual(["N24", "N23", "N22"]);
    expect(first.items).toHaveLength(20);
    expect(first.unread).toBe(25);
    expect(first.cursors.prev).toBeNull();
    const second = await page.loader(
      args(getRequest(`/notificaciones?page=2&desde=${first.cursors.next}`, who.cookie)),
    );
    expect(second.items.map((n) => n.title)).toEqual(["N4", "N3", "N2", "N1", "N0"]);
    expect(second.cursors.next).toBeNull();

    const one = (await page.action(
      args(formRequest("/notificaciones", { id: first.items[0]!.id }, { cookie: who.cookie })),
    )) as Response;
    expect(one.status).toBe(302);
    expect(await unreadNotifications(who.user)).toBe(24);
    // Someone else's id is not found, and changes nothing.
    const other = await withNotifications(1);
    const foreign = await prisma.notification.findFirstOrThrow({ where: { userId: other.user.id } });
    expect(
      dataOf(await page.action(args(formRequest("/notificaciones", { id: foreign.id }, { cookie: who.cookie }))))
        .status,
    ).toBe(404);
    expect(await unreadNotifications(other.user)).toBe(1);

    const all = (await page.action(
      args(formRequest("/notificaciones", { todas: "true" }, { cookie: who.cookie })),
    )) as Response;
    expect(all.status).toBe(302);
    expect(await unreadNotifications(who.user)).toBe(0);
  });

  it("GET /api/notificaciones: the documented shape, the Link header and the unread count; marking read", async () => {
    const who = await withNotifications(55);
    const response = await apiList.loader(
      args(jsonRequest("/api/notificaciones", null, { method: "GET", token: who.token })),
    );
    expect(response.status).toBe(200);
    const body = (await readJson(response)) as { sinLeer: number; notificaciones: Record<string, unknown>[] };
    expect(body.sinLeer).toBe(55);
    expect(body.notificaciones).toHaveLength(50);
    expect(Object.keys(body.notificaciones[0]!).sort()).toEqual(
      ["enlace", "fecha", "id", "leida", "texto", "tipo", "titulo"].sort(),
    );
    expect(body.notificaciones[0]).toMatchObject({
      tipo: "certificado",
      titulo: "N54",
      enlace: `${APP}/user/certificates`,
      leida: false,
    });
    expect(response.headers.get("Link")).toMatch(/rel="next"/);
    const bad = await apiList.loader(
      args(jsonRequest("/api/notificaciones?desde=nada", null, { method: "GET", token: who.token })),
    );
    expect(bad.status).toBe(400);

    const read = (body: unknown) =>
      apiRead.action(args(jsonRequest("/api/notificaciones/leidas", body, { token: who.token })));
    const one = await read({ id: body.notificaciones[0]!.id });
    expect(await readJson(one)).toEqual({ sinLeer: 54 });
    expect((await read({ id: "no-existe" })).status).toBe(404);
    expect((await read({ id: 5 })).status).toBe(400);
    expect((await read({})).status).toBe(400);
    expect(await readJson(await read({ todas: true }))).toEqual({ sinLeer: 0 });
    const anonymous = await apiList.loader(args(jsonRequest("/api/notificaciones", null, { method: "GET" })));
    expect(anonymous.status).toBe(401);
  });

  it("preferences: the API twin and the profile's plain form, one schema", async () => {
    const who = await signedIn();
    const get = await apiPrefs.loader(
      args(jsonRequest("/api/notificaciones/preferencias", null, { method: "GET", token: who.token })),
    );
    expect(await readJson(get)).toEqual({
      preferencias: {
        aviso: "email",
        tarea: "email",
        respuesta: "email",
        pregunta: "email",
        mensaje: "email",
        certificado: "app",
        cuenta: "app",
        recordatorio: "email",
        clase: "email",
        "entrega-devuelta": "email",
      },
    });
    const put = (body: unknown) =>
      apiPrefs.action(args(jsonRequest("/api/notificaciones/preferencias", body, { method: "PUT", token: who.token })));
    // PUT takes the shape GET answers (docs/product.md#notifications): what a client read, sent back.
    const changed = await put({ preferencias: { mensaje: "digest" } });
    expect(changed.status).toBe(200);
    const answered = (await readJson(changed)) as { preferencias: Record<string, string> };
    expect(answered.preferencias.mensaje).toBe("digest");
    expect(answered.preferencias.aviso).toBe("email"); // left out: kept
    const roundTrip = await put({ preferencias: { ...answered.preferencias, pregunta: "app" } });
    expect(roundTrip.status).toBe(200);
    expect(await readJson(roundTrip)).toEqual({ preferencias: { ...answered.preferencias, pregunta: "app" } });
    const refusedPut = async (body: unknown) => {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await readJson(response), JSON.stringify(body)).toEqual({ error: PREFS_INVALID });
    };
    await refusedPut({ preferencias: { mensaje: "siempre" } });
    await refusedPut({ preferencias: { cuenta: "email" } }); // not chosen: only its one mode comes back
    await refusedPut({ preferencias: { otro: "app" } });
    await refusedPut({ mensaje: "email" }); // the bare map: not the shape GET answers
    await refusedPut({ preferencias: "email" });
    await refusedPut({});
    expect(await readJson(await put({ preferencias: {} }))).toEqual({
      preferencias: { ...answered.preferencias, pregunta: "app" },
    });

    const saved = (await profile.action(
      args(
        formRequest(
          "/user/profile",
          { intent: "notificaciones", mensaje: "email", aviso: "digest", pregunta: "app" },
          { cookie: who.cookie },
        ),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(await getPreferences(who.user.id)).toMatchObject({ mensaje: "email", aviso: "digest", pregunta: "app" });
    // A default is stored as no row.
    expect(await prisma.notificationPref.count({ where: { userId: who.user.id, kind: "mensaje" } })).toBe(0);

    const refused = dataOf<{ preferencesError: string; preferencesValues: Record<string, string> }>(
      await profile.action(
        args(formRequest("/user/profile", { intent: "notificaciones", aviso: "mucho" }, { cookie: who.cookie })),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.preferencesValues.aviso).toBe("mucho");
    const screen = await profile.loader(args(getRequest("/user/profile", who.cookie)));
    expect(screen.notifications.aviso).toBe("digest");
  });

  it("the cleanup deletes notifications past their retention only", async () => {
    const user = await createUser();
    await notify(aviso([user.id], "Nueva"));
    await notify(aviso([user.id], "Vieja"));
    const old = new Date(Date.now() - (NOTIFICATION_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    await prisma.notification.updateMany({ where: { userId: user.id, title: "Vieja" }, data: { createdAt: old } });
    expect(await purgeOldNotifications()).toBeGreaterThanOrEqual(1);
    expect((await prisma.notification.findMany({ where: { userId: user.id } })).map((n) => n.title)).toEqual(["Nueva"]);
  });
});
