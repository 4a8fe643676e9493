// Messages in both directions: answering a received message, the sent folder and the
// unread count of the menus. Against the real SQLite database, through the same route modules,
// services and API handlers the browser and clients use.
import { describe, expect, it } from "vitest";
import { getReplyDraft, listSentPage, unreadCount } from "~/features/messages/messages.server.ts";
import { MESSAGE_NOT_FOUND, REPLY_NOT_FOUND, REPLY_SENDER_GONE } from "~/features/messages/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import * as root from "~/root.tsx";
import * as apiMensajes from "~/routes/api/mensajes.ts";
import * as userMessages from "~/routes/user/messages.tsx";
import { args, createUser, dataOf, formRequest, getRequest, sessionCookie as signIn } from "../factories.ts";

type Person = { id: string; correo: string };

/** A message sent through the compose form, as `from` (signed in) to `to`'s address. */
async function send(from: Person, to: Person, subject: string, content = `Texto de ${subject}`) {
  const cookie = await signIn(from);
  const result = dataOf<{ success?: boolean }>(
    await userMessages.action(
      args(formRequest("/user/messages?nuevo=1", { to: to.correo, subject, content }, { cookie })),
    ),
  );
  expect(result.data.success).toBe(true);
  return prisma.message.findFirstOrThrow({ where: { fromId: from.id, toId: to.id, subject } });
}

/** `count` messages written directly, `i` seconds apart (some sharing an instant). */
async function sentMany(sender: Person, readers: Person[], count: number) {
  const start = Date.now() - 3_600_000;
  await prisma.message.createMany({
    data: Array.from({ length: count }, (_, i) => {
      const reader = readers[i % readers.length]!;
      return {
        fromId: sender.id,
        from: sender.correo,
        fromName: "Ana Pérez",
        fromRole: "estudiante",
        toId: reader.id,
        to: reader.correo,
        subject: `Enviado ${i}`,
        content: `Mensaje enviado número ${i}. ${"Texto largo ".repeat(30)}`,
        createdAt: new Date(start + Math.floor(i / 3) * 1000),
      };
    }),
  });
}

async function rootUser(cookie: string) {
  const loaded = dataOf<{ user: { unread: number; messagesHref: string | null } | null }>(
    await root.loader(args(getRequest("/", cookie))),
  );
  return loaded.data.user;
}

describe("answering a message (?responder=ID)", () => {
  it("prefills the sender's current address, by account id, and 'Re: subject' once", async () => {
    const ana = await createUser({ nombre: "Ana", apellido: "Rojas", rol: "docente" });
    const beto = await createUser({ nombre: "Beto" });
    const original = await send(ana, beto, "RE: Re: Tarea del módulo 2");
    // Ana's address changes after sending: the answer goes to the account, not the snapshot.
    const nuevo = `ana-nueva-${Date.now()}@test.cl`;
    await prisma.user.update({ where: { id: ana.id }, data: { correo: nuevo } });

    const draft = await getReplyDraft(beto, original.id);
    expect(draft).toEqual({
      ok: true,
      draft: { replyTo: original.id, to: nuevo, toName: "Ana Rojas", subject: "Re: Tarea del módulo 2" },
    });

    // The page: the form is open and prefilled, the original still shown beside it.
    const page = await userMessages.loader(
      args(getRequest(`/user/messages?ver=${original.id}&responder=${original.id}`, await signIn(beto))),
    );
    expect(page.composeOpen).toBe(true);
    expect(page.reply).toMatchObject({ to: nuevo, subject: "Re: Tarea del módulo 2" });
    expect(page.replyError).toBeNull();
    expect(page.selected?.id).toBe(original.id);
  });

  it("only one's own received messages: not someone else's, not one's own sent one, not an unknown id", async () => {
    const ana = await createUser();
    const beto = await createUser();
    const eva = await createUser();
    const original = await send(ana, beto, "Privado");

    for (const [who, id] of [
      [eva, original.id],
      [ana, original.id],
      [beto, "no-existe"],
      [beto, "x".repeat(65)],
    ] as const) {
      expect(await getReplyDraft(who, id)).toMatchObject({ ok: false, status: 404, message: REPLY_NOT_FOUND });
    }
    const page = await userMessages.loader(
      args(getRequest(`/user/messages?responder=${original.id}`, await signIn(eva))),
    );
    expect(page.reply).toBeNull();
    expect(page.replyError).toBe(REPLY_NOT_FOUND);
    expect(page.composeOpen).toBe(true);
    const byAdmin = await userMessages.loader(
      args(getRequest(`/admin/messages?responder=${original.id}`, await signIn(await createUser({ rol: "admin" })))),
    );
    expect(byAdmin.replyError).toBe(REPLY_NOT_FOUND);
  });

  it("a message whose sender's account is gone cannot be answered", async () => {
    const ana = await createUser();
    const beto = await createUser();
    const original = await send(ana, beto, "Adiós");
    await prisma.user.delete({ where: { id: ana.id } });
    expect(await getReplyDraft(beto, original.id)).toMatchObject({ ok: false, message: REPLY_SENDER_GONE });
  });

  it("the answer is an ordinary message from the signed-in user: in their sent folder and the sender's inbox", async () => {
    const ana = await createUser({ nombre: "Ana", apellido: "Rojas" });
    const beto = await createUser({ nombre: "Beto", apellido: "Soto" });
    const original = await send(ana, beto, "Pregunta");
    const draft = await getReplyDraft(beto, original.id);
    expect(draft.ok).toBe(true);
    if (!draft.ok) return;
    const answer = await send(beto, { id: ana.id, correo: draft.draft.to }, draft.draft.subject, "Respuesta");
    expect(answer).toMatchObject({ fromId: beto.id, toId: ana.id, subject: "Re: Pregunta", leidoEn: null });

    const sent = await userMessages.loader(args(getRequest("/user/messages?carpeta=enviados", await signIn(beto))));
    expect(sent.folder).toBe("enviados");
    expect(sent.inbox).toEqual([]);
    expect(sent.sent.map((m) => [m.subject, m.toName])).toEqual([["Re: Pregunta", "Ana Rojas"]]);
    const inbox = await userMessages.loader(args(getRequest("/user/messages", await signIn(ana))));
    expect(inbox.inbox.map((m) => m.subject)).toEqual(["Re: Pregunta"]);
  });
});

describe("the sent folder (?carpeta=enviados)", () => {
  it("shows what the user sent, 20 at a time newest first, and the links walk it once both ways", async () => {
    const ana = await createUser();
    const readers = [await createUser(), await createUser({ rol: "admin" })];
    await sentMany(ana, readers, 45);
    // Someone else's sent messages never show.
    await sentMany(readers[0]!, [ana], 3);
    const cookie = await signIn(ana);

    const seen: string[] = [];
    const pages = [];
    let url = "/user/messages?carpeta=enviados";
    for (;;) {
      const page = await userMessages.loader(args(getRequest(url, cookie)));
      pages.push(page);
      for (const m of page.sent) {
        expect(m).not.toHaveProperty("content");
        expect(m).not.toHaveProperty("leidoEn");
        expect(m.excerpt.length).toBeLessThanOrEqual(120);
        seen.push(m.subject);
      }
      if (!page.cursors.next) break;
      url = `/user/messages?carpeta=enviados&page=${pages.length + 1}&desde=${page.cursors.next}`;
    }
    expect(pages.map((p) => p.sent.length)).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(seen[0]).toBe("Enviado 44");
    expect(seen.at(-1)).toBe("Enviado 0");
    const back = await userMessages.loader(
      args(getRequest(`/user/messages?carpeta=enviados&page=2&antes=${pages[2]!.cursors.prev}`, cookie)),
    );
    expect(back.sent.map((m) => m.id)).toEqual(pages[1]!.sent.map((m) => m.id));

    // The service directly: the same order.
    const first = await listSentPage(ana, null);
    expect(first.rows.map((m) => m.subject)).toEqual(seen.slice(0, 20));
  });

  it("shows one's own sent message at ?ver=ID; someone else's, or a received one there, is not found", async () => {
    const ana = await createUser();
    const beto = await createUser({ nombre: "Beto", apellido: "Soto" });
    const mine = await send(ana, beto, "Mío");
    const theirs = await send(beto, ana, "Suyo");
    const cookie = await signIn(ana);
    const shown = await userMessages.loader(args(getRequest(`/user/messages?carpeta=enviados&ver=${mine.id}`, cookie)));
    expect(shown.selectedSent).toMatchObject({ subject: "Mío", toName: "Beto Soto", to: beto.correo });
    expect(shown.selected).toBeNull();
    // Reading one's sent message does not mark it read for the recipient.
    expect((await prisma.message.findUniqueOrThrow({ where: { id: mine.id } })).leidoEn).toBeNull();

    const received = await userMessages
      .loader(args(getRequest(`/user/messages?carpeta=enviados&ver=${theirs.id}`, cookie)))
      .catch((e: unknown) => e);
    expect(dataOf(received)).toMatchObject({ status: 404, data: MESSAGE_NOT_FOUND });
    const other = await userMessages
      .loader(args(getRequest(`/user/messages?carpeta=enviados&ver=${mine.id}`, await signIn(await createUser()))))
      .catch((e: unknown) => e);
    expect(dataOf(other).status).toBe(404);
  });

  it("the API: ?carpeta=enviados, 50 a page with the Link header, toName and no reading state", async () => {
    const ana = await createUser();
    const beto = await createUser({ nombre: "Beto", apellido: "Soto" });
    await sentMany(ana, [beto], 55);
    const cookie = await signIn(ana);
    const first = await apiMensajes.loader(args(getRequest("/api/mensajes?carpeta=enviados", cookie)));
    expect(first.status).toBe(200);
    const body = (await first.json()) as Array<Record<string, unknown>>;
    expect(body).toHaveLength(50);
    expect(body[0]).toMatchObject({ subject: "Enviado 54", to: beto.correo, toName: "Beto Soto" });
    expect(body[0]).not.toHaveProperty("leido");
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("Link") ?? "")?.[1];
    expect(next).toMatch(/^\/api\/mensajes\?carpeta=enviados&page=2&desde=/);
    const older = await apiMensajes.loader(args(getRequest(next!, cookie)));
    expect(((await older.json()) as Array<{ subject: string }>).map((m) => m.subject)).toEqual([
      "Enviado 4",
      "Enviado 3",
      "Enviado 2",
      "Enviado 1",
      "Enviado 0",
    ]);
    // The inbox is unchanged: Ana received nothing.
    const inbox = await apiMensajes.loader(args(getRequest("/api/mensajes", cookie)));
    expect(await inbox.json()).toEqual([]);
  });
});

describe("unread count", () => {
  it("counts the unread messages of one's own inbox, once in the root loader, and drops after reading", async () => {
    const ana = await createUser();
    const beto = await createUser();
    const first = await send(ana, beto, "Uno");
    await send(ana, beto, "Dos");
    await send(beto, ana, "Para Ana");
    const cookie = await signIn(beto);
    expect(await rootUser(cookie)).toMatchObject({ unread: 2, messagesHref: "/user/messages" });
    expect(await unreadCount(ana)).toBe(1);

    // Showing it (a GET, the e-mail's link) does not change the count; opening it does.
    await userMessages.loader(args(getRequest(`/user/messages?ver=${first.id}`, cookie)));
    expect((await rootUser(cookie))?.unread).toBe(2);
    await userMessages.action(args(formRequest("/user/messages", { intent: "open", id: first.id }, { cookie })));
    expect((await rootUser(cookie))?.unread).toBe(1);
    // Someone else opening (or trying to) changes nothing.
    await userMessages
      .action(args(formRequest("/user/messages", { intent: "open", id: first.id }, { cookie: await signIn(ana) })))
      .catch(() => null);
    expect(await unreadCount(ana)).toBe(1);

    const admin = await createUser({ rol: "admin" });
    expect(await rootUser(await signIn(admin))).toMatchObject({ unread: 0, messagesHref: "/admin/messages" });
    expect(dataOf<{ user: unknown }>(await root.loader(args(getRequest("/")))).data.user).toBeNull();
  });

  it("stops counting past the cap (the menus show 99+)", async () => {
    const ana = await createUser();
    const beto = await createUser();
    await sentMany(ana, [beto], 120);
    expect(await unreadCount(beto)).toBe(100);
  });
});
