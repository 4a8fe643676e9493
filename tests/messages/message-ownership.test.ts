// Messages belong to accounts, not to e-mail addresses: the recipient is resolved
// when the message is sent and every read goes by user id. Against the real SQLite database,
// through the same route modules and API handlers the browser and clients use.
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import * as apiDeleteUser from "~/routes/api/auth.user.ts";
import * as apiProfile from "~/routes/api/auth.user-profile.ts";
import * as apiMensajes from "~/routes/api/mensajes.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as userMessages from "~/routes/user/messages.tsx";
import {
  args,
  createUser,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  sessionCookie,
  signedIn,
} from "../factories.ts";

/** The status of what a loader or action threw (a Response or React Router's data()). */
async function rejectedStatus(promise: Promise<unknown>): Promise<number | undefined> {
  const value = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; init?: { status?: number } } | null;
  return value?.status ?? value?.init?.status;
}

async function send(cookie: string, to: string, subject: string) {
  await userMessages.action(
    args(formRequest("/user/messages", { to, subject, content: `Contenido de ${subject}` }, { cookie })),
  );
  return prisma.message.findFirstOrThrow({ where: { subject }, orderBy: { createdAt: "desc" } });
}

async function inboxSubjects(user: { id: string }) {
  const cookie = await sessionCookie(user);
  const page = await userMessages.loader(args(getRequest("/user/messages", cookie)));
  const api = (await (await apiMensajes.loader(args(getRequest("/api/mensajes", cookie)))).json()) as {
    subject: string;
  }[];
  return { page: page.inbox.map((m) => m.subject), api: api.map((m) => m.subject) };
}

/** An admin corrects an address directly (no confirmation), as the audit's PUT did. */
async function adminSetsEmail(adminToken: string, userId: string, correo: string) {
  const response = await apiProfile.action(
    args(jsonRequest(`/api/auth/users/${userId}/profile`, { correo }, { method: "PUT", token: adminToken }), {
      userId,
    }),
  );
  expect(response.status).toBe(200);
}

describe("a message follows its recipient's account, not the address", () => {
  it("an address handed from one account to another does not carry the inbox with it", async () => {
    const admin = await signedIn("admin");
    const docente = await createUser({ rol: "docente" });
    const est3 = await createUser({ correo: "est3@test.cl" });
    const est2 = await createUser({ correo: "est2@test.cl" });
    const message = await send(await sessionCookie(docente), "est3@test.cl", "Privado para est3");
    expect(message.toId).toBe(est3.id);

    await adminSetsEmail(admin.token, est3.id, "est3-nuevo@test.cl");
    await adminSetsEmail(admin.token, est2.id, "est3@test.cl");

    expect(await inboxSubjects(est2)).toEqual({ page: [], api: [] });
    expect(await inboxSubjects(est3)).toEqual({ page: ["Privado para est3"], api: ["Privado para est3"] });

    // ?ver= and the open POST go by id too: est2 gets a 404, the message stays unread.
    const est2Cookie = await sessionCookie(est2);
    expect(
      await rejectedStatus(userMessages.loader(args(getRequest(`/user/messages?ver=${message.id}`, est2Cookie)))),
    ).toBe(404);
    expect(
      await rejectedStatus(
        userMessages.action(
          args(formRequest("/user/messages", { intent: "open", id: message.id }, { cookie: est2Cookie })),
        ),
      ),
    ).toBe(404);
    expect((await prisma.message.findUniqueOrThrow({ where: { id: message.id } })).leidoEn).toBeNull();
  });

  it("deleting the recipient deletes their messages; a new account with the address reads nothing", async () => {
    const admin = await signedIn("admin");
    const docente = await createUser({ rol: "docente" });
    const gone = await createUser({ correo: "se-va@test.cl" });
    const received = await send(await sessionCookie(docente), "se-va@test.cl", "Para quien se va");
    const sent = await send(await sessionCookie(gone), docente.correo, "De quien se va");

    const deleted = await apiDeleteUser.action(
      args(jsonRequest(`/api/auth/users/${gone.id}`, null, { method: "DELETE", token: admin.token }), {
        userId: gone.id,
      }),
    );
    expect(deleted.status).toBe(200);
    expect(await prisma.message.findUnique({ where: { id: received.id } })).toBeNull();
    // What they sent stays with its recipient, detached from the deleted account for good, and
    // without their name, address or role ('Cuenta eliminada').
    expect(await prisma.message.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({
      fromId: null,
      fromName: "Cuenta eliminada",
      from: "",
      fromRole: "",
    });

    const registered = await apiRegister.action(
      args(
        jsonRequest("/api/auth/register", {
          nombre: "Nueva",
          apellido: "Persona",
          correo: "se-va@test.cl",
          fechaNacimiento: "2001-02-03",
          rol: "estudiante",
          password: "Una-clave-larga-2026",
          confirmarPassword: "Una-clave-larga-2026",
        }),
      ),
    );
    expect(registered.status).toBeLessThan(300);
    const newcomer = await prisma.user.update({ where: { correo: "se-va@test.cl" }, data: { aprobado: true } });
    expect(await inboxSubjects(newcomer)).toEqual({ page: [], api: [] });
    expect(await prisma.message.count({ where: { to: "se-va@test.cl" } })).toBe(0);
  });

  it("unread counts and the API's created message come from the recipient's account", async () => {
    const sender = await signedIn("docente");
    const reader = await createUser();
    const posted = await apiMensajes.action(
      args(
        jsonRequest(
          "/api/mensajes",
          { to: reader.correo.toUpperCase(), subject: "Hola", content: "Texto" },
          { token: sender.token },
        ),
      ),
    );
    expect(posted.status).toBe(201);
    const body = await readJson(posted);
    expect(body).toMatchObject({ to: reader.correo, subject: "Hola", leido: false });
    expect(await prisma.message.findUniqueOrThrow({ where: { id: body.id as string } })).toMatchObject({
      toId: reader.id,
      fromId: sender.user.id,
    });
  });
});

describe("migration 20261123071242_trust_and_data_safety", () => {
  it("removes messages whose recipient account is gone and keeps the others", () => {
    const dir = path.join(process.cwd(), "prisma", "migrations");
    const [init, trust] = ["_init", "_trust_and_data_safety"].map((suffix) => {
      const name = fs.readdirSync(dir).find((d) => d.endsWith(suffix))!;
      return fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
    });
    const db = new DatabaseSync(":memory:");
    db.exec(init!);
    const user = db.prepare(
      `INSERT INTO "User" (id, nombre, apellido, correo, rol, passwordHash, updatedAt) VALUES (?, 'A', 'B', ?, 'estudiante', 'x', CURRENT_TIMESTAMP)`,
    );
    user.run("u1", "uno@test.cl");
    const message = db.prepare(
      `INSERT INTO "Message" (id, fromId, toId, "from", fromName, fromRole, "to", subject, content) VALUES (?, NULL, ?, 'a@test.cl', 'A', 'docente', ?, 's', 'c')`,
    );
    message.run("kept", "u1", "uno@test.cl");
    message.run("orphan", null, "borrado@test.cl");
    db.exec(trust!);
    const ids = (db.prepare(`SELECT id FROM "Message" ORDER BY id`).all() as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(["kept"]);
    db.close();
  });
});
