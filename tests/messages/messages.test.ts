// Internal messaging against a real SQLite database, through the same route modules and API
// handlers the browser and clients use.
import { describe, expect, it } from "vitest";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { FILL_ALL, MESSAGE_NOT_FOUND, SENDING_TOO_FAST, UNKNOWN_RECIPIENT } from "~/features/messages/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import * as apiMensajes from "~/routes/api/mensajes.ts";
import * as userMessages from "~/routes/user/messages.tsx";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  sessionCookie as signIn,
} from "../factories.ts";

async function send(cookie: string, fields: Record<string, string>) {
  return dataOf(await userMessages.action(args(formRequest("/user/messages?nuevo=1", fields, { cookie }))));
}

describe("compose", () => {
  it("sends a message from the signed-in user, whatever the form says, and queues a notice", async () => {
    const ana = await createUser({ nombre: "Ana", apellido: "Pérez", rol: "docente" });
    const beto = await createUser({ nombre: "Beto", apellido: "Soto" });
    const cookie = await signIn(ana);
    const result = await send(cookie, {
      to: `  ${beto.correo.toUpperCase()} `,
      subject: "  Hola  ",
      content: " ¿Cómo estás? ",
      from: "falso@test.cl",
      fromName: "Impostor",
      fromRole: "admin",
    });
    expect(result.status).toBe(200);
    expect(result.data.success).toBe(true);
    const saved = await prisma.message.findFirstOrThrow({ where: { toId: beto.id } });
    expect(saved).toMatchObject({
      from: ana.correo,
      fromId: ana.id,
      fromName: "Ana Pérez",
      fromRole: "docente",
      to: beto.correo,
      subject: "Hola",
      content: "¿Cómo estás?",
      leidoEn: null,
    });
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: beto.correo, kind: "message.notice" } });
    expect(mail.status).toBe("pending");
    expect(mail.text).toContain(`/user/messages?ver=${saved.id}`);
  });

  it("refuses an unknown recipient with a clear message", async () => {
    const ana = await createUser();
    const result = await send(await signIn(ana), { to: "nadie@test.cl", subject: "x", content: "y" });
    expect(result.status).toBe(404);
    expect(result.data.result?.error?.to).toEqual([UNKNOWN_RECIPIENT]);
    expect(await prisma.message.count({ where: { to: "nadie@test.cl" } })).toBe(0);
  });

  it("asks for every field when one is empty or blank", async () => {
    const ana = await createUser();
    const beto = await createUser();
    const result = await send(await signIn(ana), { to: beto.correo, subject: "   ", content: "y" });
    expect(result.status).toBe(400);
    expect(result.data.result?.error?.subject).toEqual([FILL_ALL]);
    expect(FILL_ALL).toBe("Por favor completa todos los campos.");
    expect(await prisma.message.count({ where: { toId: beto.id } })).toBe(0);
  });
});

describe("inbox", () => {
  it("lists one's own messages; a GET shows one without marking it, the open POST marks it and redirects", async () => {
    const ana = await createUser();
    const beto = await createUser({ nombre: "Beto", apellido: "Soto" });
    await send(await signIn(ana), { to: beto.correo, subject: "Tarea", content: "Revisa el módulo 2" });
    const cookie = await signIn(beto);
    const list = await userMessages.loader(args(getRequest("/user/messages", cookie)));
    expect(list.inbox).toHaveLength(1);
    expect(list.inbox[0]?.leidoEn).toBeNull();
    expect(list.selected).toBeNull();
    const id = list.inbox[0]!.id;

    // A GET never changes state: the message shows, still unread.
    const shown = await userMessages.loader(args(getRequest(`/user/messages?ver=${id}`, cookie)));
    expect(shown.selected?.subject).toBe("Tarea");
    expect(shown.selected?.leidoEn).toBeNull();
    expect(shown.inbox[0]?.leidoEn).toBeNull();
    expect((await prisma.message.findUniqueOrThrow({ where: { id } })).leidoEn).toBeNull();

    // The inbox item's POST marks it read and shows it, keeping the other parameters.
    const opened = await userMessages.action(
      args(formRequest("/user/messages?nuevo=1", { intent: "open", id }, { cookie })),
    );
    expect(opened).toBeInstanceOf(Response);
    expect((opened as Response).status).toBe(303);
    expect((opened as Response).headers.get("Location")).toBe(`/user/messages?nuevo=1&ver=${id}`);
    const readAt = (await prisma.message.findUniqueOrThrow({ where: { id } })).leidoEn;
    expect(readAt).not.toBeNull();
    const after = await userMessages.loader(args(getRequest(`/user/messages?nuevo=1&ver=${id}`, cookie)));
    expect(after.selected?.leidoEn).toEqual(readAt);
    expect(after.inbox[0]?.leidoEn).toEqual(readAt);
    expect(after.composeOpen).toBe(true);

    // With JavaScript the same POST reaches the action as "/x.data": the redirect is to the page.
    const viaJs = (await userMessages.action(
      args(formRequest(`/user/messages.data?nuevo=1`, { intent: "open", id }, { cookie })),
    )) as Response;
    expect(viaJs.headers.get("Location")).toBe(`/user/messages?nuevo=1&ver=${id}`);

    // Opening it again keeps the first reading time; a stale ?ver= is replaced.
    const again = (await userMessages.action(
      args(formRequest(`/user/messages?ver=otro`, { intent: "open", id }, { cookie })),
    )) as Response;
    expect(again.headers.get("Location")).toBe(`/user/messages?ver=${id}`);
    expect((await prisma.message.findUniqueOrThrow({ where: { id } })).leidoEn).toEqual(readAt);

    // The sender's own inbox is empty.
    const mine = await userMessages.loader(args(getRequest("/user/messages", await signIn(ana))));
    expect(mine.inbox).toHaveLength(0);
  });

  it("cannot open or mark someone else's message (404), nor send a malformed open (400)", async () => {
    const ana = await createUser();
    const beto = await createUser();
    const eva = await createUser();
    await send(await signIn(ana), { to: beto.correo, subject: "Privado", content: "Solo para Beto" });
    const msg = await prisma.message.findFirstOrThrow({ where: { toId: beto.id } });
    const evaCookie = await signIn(eva);
    const thrown = await userMessages
      .loader(args(getRequest(`/user/messages?ver=${msg.id}`, evaCookie)))
      .catch((e: unknown) => e);
    expect(dataOf(thrown).status).toBe(404);
    expect(dataOf(thrown).data).toBe(MESSAGE_NOT_FOUND);
    const marked = await userMessages
      .action(args(formRequest("/user/messages", { intent: "open", id: msg.id }, { cookie: evaCookie })))
      .catch((e: unknown) => e);
    expect(dataOf(marked).status).toBe(404);
    // Nor the sender, nor the admin.
    const byAna = await userMessages
      .action(args(formRequest("/user/messages", { intent: "open", id: msg.id }, { cookie: await signIn(ana) })))
      .catch((e: unknown) => e);
    expect(dataOf(byAna).status).toBe(404);
    const admin = await createUser({ rol: "admin" });
    const adminCookie = await signIn(admin);
    const byAdmin = await userMessages
      .loader(args(getRequest(`/admin/messages?ver=${msg.id}`, adminCookie)))
      .catch((e: unknown) => e);
    expect(dataOf(byAdmin).status).toBe(404);
    const markedByAdmin = await userMessages
      .action(args(formRequest("/admin/messages", { intent: "open", id: msg.id }, { cookie: adminCookie })))
      .catch((e: unknown) => e);
    expect(dataOf(markedByAdmin).status).toBe(404);
    for (const fields of [{ intent: "open" }, { intent: "open", id: "x".repeat(65) }] as Record<string, string>[]) {
      const bad = await userMessages
        .action(args(formRequest("/user/messages", fields, { cookie: evaCookie })))
        .catch((e: unknown) => e);
      expect(dataOf(bad).status).toBe(400);
    }
    expect((await prisma.message.findUniqueOrThrow({ where: { id: msg.id } })).leidoEn).toBeNull();
  });

  it("keeps the admin screen for admins", async () => {
    const student = await createUser();
    const thrown = await userMessages
      .loader(args(getRequest("/admin/messages", await signIn(student))))
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
  });
});

/** `count` messages from one user to another, written directly (their contents by index). */
async function delivered(
  sender: { id: string; correo: string },
  reader: { id: string; correo: string },
  count: number,
  fields: (i: number) => { subject: string; content: string; createdAt?: Date },
) {
  await prisma.message.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      fromId: sender.id,
      from: sender.correo,
      fromName: "Eva Pérez",
      fromRole: "estudiante",
      toId: reader.id,
      to: reader.correo,
      ...fields(i),
    })),
  });
}

describe("inbox pages", () => {
  it("shows 20 at a time newest first with excerpts, and the links walk every message once both ways", async () => {
    const reader = await createUser();
    const sender = await createUser({ nombre: "Eva" });
    const start = Date.now() - 60_000;
    // Some share a timestamp: the id breaks the tie, so nothing is skipped or shown twice.
    await delivered(sender, reader, 45, (i) => ({
      subject: `Asunto ${i}`,
      content: `Mensaje número ${i}. ${"Texto largo ".repeat(40)}`,
      createdAt: new Date(start + Math.floor(i / 3) * 1000),
    }));
    const cookie = await signIn(reader);
    const seen: string[] = [];
    let url = "/user/messages";
    const pages = [];
    for (;;) {
      const page = await userMessages.loader(args(getRequest(url, cookie)));
      pages.push({ url, page });
      expect(page.inbox.length).toBeLessThanOrEqual(20);
      for (const m of page.inbox) {
        expect(m).not.toHaveProperty("content");
        expect(m.excerpt.length).toBeLessThanOrEqual(120);
        seen.push(m.subject);
      }
      if (!page.cursors.next) break;
      url = `/user/messages?page=${pages.length + 1}&desde=${page.cursors.next}`;
    }
    expect(pages.map((p) => p.page.inbox.length)).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(seen[0]).toBe("Asunto 44");
    expect(pages[0]!.page.inbox[0]!.excerpt).toMatch(/^Mensaje número 44\. Texto largo/);
    expect(pages[0]!.page.cursors.prev).toBeNull();

    // Back from the last page: the middle page again, exactly.
    const last = pages[2]!.page;
    const back = await userMessages.loader(
      args(getRequest(`/user/messages?page=2&antes=${last.cursors.prev}`, cookie)),
    );
    expect(back.inbox.map((m) => m.id)).toEqual(pages[1]!.page.inbox.map((m) => m.id));

    // The API: 50 at a time, newest first, whole texts; the Link header leads to the older ones.
    const api = await apiMensajes.loader(args(getRequest("/api/mensajes", cookie)));
    const listed = (await api.json()) as Array<{ subject: string; content: string }>;
    expect(listed).toHaveLength(45);
    expect(listed[0]!.content).toMatch(/^Mensaje número 44\./);
    expect(api.headers.get("Link")).toBeNull();
    await delivered(sender, reader, 10, (i) => ({ subject: `Nuevo ${i}`, content: "Hola" }));
    const first = await apiMensajes.loader(args(getRequest("/api/mensajes", cookie)));
    expect(((await first.json()) as unknown[]).length).toBe(50);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("Link") ?? "")?.[1];
    expect(next).toMatch(/^\/api\/mensajes\?page=2&desde=/);
    const older = await apiMensajes.loader(args(getRequest(next!, cookie)));
    expect(((await older.json()) as Array<{ subject: string }>).map((m) => m.subject)).toEqual([
      "Asunto 4",
      "Asunto 3",
      "Asunto 2",
      "Asunto 1",
      "Asunto 0",
    ]);
  });
});

describe("API /api/mensajes", () => {
  it("posts as the caller, ignoring from* in the body, and reads only one's own inbox", async () => {
    const ana = await createUser({ nombre: "Ana", apellido: "Api" });
    const beto = await createUser();
    const anaCookie = await signIn(ana);
    const posted = await apiMensajes.action(
      args(
        jsonRequest(
          "/api/mensajes",
          { to: beto.correo, subject: "API", content: "Hola", from: "otro@test.cl", fromName: "X", fromRole: "admin" },
          { cookie: anaCookie, origin: "http://localhost:3000" },
        ),
      ),
    );
    expect(posted.status).toBe(201);
    expect(await readJson(posted)).toMatchObject({
      from: ana.correo,
      fromName: "Ana Api",
      fromRole: "estudiante",
      to: beto.correo,
    });

    const betoCookie = await signIn(beto);
    const inbox = await apiMensajes.loader(
      args(getRequest(`/api/mensajes?correo=${encodeURIComponent(beto.correo)}`, betoCookie)),
    );
    expect(inbox.status).toBe(200);
    const list = (await inbox.json()) as Array<{ subject: string; from: string }>;
    expect(list.map((m) => m.subject)).toEqual(["API"]);
    // A pupil without e-mail names their inbox by their usuario; another's usuario stays refused.
    await prisma.user.update({ where: { id: beto.id }, data: { usuario: "beto.api" } });
    const byUsuario = await apiMensajes.loader(args(getRequest("/api/mensajes?correo=beto.api", betoCookie)));
    expect(byUsuario.status).toBe(200);
    const othersUsuario = await apiMensajes.loader(args(getRequest("/api/mensajes?correo=beto.api", anaCookie)));
    expect(othersUsuario.status).toBe(403);

    const other = await apiMensajes.loader(
      args(getRequest(`/api/mensajes?correo=${encodeURIComponent(beto.correo)}`, anaCookie)),
    );
    expect(other.status).toBe(403);
    const admin = await createUser({ rol: "admin" });
    const byAdmin = await apiMensajes.loader(
      args(getRequest(`/api/mensajes?correo=${encodeURIComponent(beto.correo)}`, await signIn(admin))),
    );
    expect(byAdmin.status).toBe(403);
    const anonymous = await apiMensajes.loader(
      args(getRequest(`/api/mensajes?correo=${encodeURIComponent(beto.correo)}`)),
    );
    expect(anonymous.status).toBe(401);
  });

  it("answers 400 for empty fields and 404 for an unknown recipient", async () => {
    const ana = await createUser();
    const cookie = await signIn(ana);
    const empty = await apiMensajes.action(
      args(
        jsonRequest(
          "/api/mensajes",
          { to: "x@test.cl", subject: "", content: "y" },
          { cookie, origin: "http://localhost:3000" },
        ),
      ),
    );
    expect(empty.status).toBe(400);
    expect(await readJson(empty)).toEqual({ error: FILL_ALL });
    const unknown = await apiMensajes.action(
      args(
        jsonRequest(
          "/api/mensajes",
          { to: "nadie@test.cl", subject: "a", content: "b" },
          { cookie, origin: "http://localhost:3000" },
        ),
      ),
    );
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({ error: UNKNOWN_RECIPIENT });
  });
});

describe("the academy's mail is no megaphone", () => {
  const post = (cookie: string, to: string, i: number) =>
    apiMensajes.action(
      args(
        jsonRequest(
          "/api/mensajes",
          { to, subject: `¡Gana un premio! visita premio.example ${i}`, content: "Texto" },
          { cookie, origin: "http://localhost:3000" },
        ),
      ),
    );

  it("60 messages in a burst: 20 go out, the rest get 429 with Retry-After, and no notice carries the subject", async () => {
    const sender = await createUser({ rol: "comunidad", nombre: "Rita", apellido: "Rojas" });
    const target = await createUser();
    const cookie = await signIn(sender);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(cookie, target.correo, i)));
    const sent = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(sent).toHaveLength(BUDGETS.messagesSenderMinute.points);
    expect(refused).toHaveLength(60 - BUDGETS.messagesSenderMinute.points);
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(refused[0]!)).toEqual({ error: SENDING_TOO_FAST });
    const notices = await prisma.outboxMail.findMany({ where: { to: target.correo, kind: "message.notice" } });
    expect(notices).toHaveLength(BUDGETS.messagesSenderMinute.points);
    for (const notice of notices) {
      expect(notice.subject).toBe("Nuevo mensaje de Rita Rojas en Academia Abierta");
      expect(`${notice.subject}\n${notice.text}`).not.toMatch(/premio/);
      expect(notice.text).toContain("Rita Rojas (Comunidad) te envió un mensaje");
    }
    // Another sender is not held back by Rita's burst.
    const other = await signIn(await createUser());
    expect((await post(other, target.correo, 0)).status).toBe(201);
  });

  it("addresses tried without an account spend the budget too, and the web form says when to retry", async () => {
    const sender = await createUser();
    const cookie = await signIn(sender);
    for (let i = 0; i < BUDGETS.messagesSenderMinute.points; i++) {
      expect((await post(cookie, `nadie-${i}@test.cl`, i)).status).toBe(404);
    }
    const answer = await userMessages.action(
      args(formRequest("/user/messages?nuevo=1", { to: "otro@test.cl", subject: "a", content: "b" }, { cookie })),
    );
    const { data, status } = dataOf(answer);
    expect(status).toBe(429);
    expect(data.result?.error?.[""]).toEqual([SENDING_TOO_FAST]);
    const headers = new Headers((answer as { init?: { headers?: HeadersInit } }).init?.headers);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
