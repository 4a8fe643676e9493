// Account lifecycle against a real SQLite database: register → pending → approved → login
// → session → logout / deletion, through the same route modules the browser uses.
import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { getSessionUser } from "~/features/accounts/session.server.ts";
import { BAD_CREDENTIALS, PENDING_APPROVAL } from "~/features/accounts/login.server.ts";
import { REGISTER_OK } from "~/features/accounts/schema.ts";
import { TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import * as registerRoute from "~/routes/auth/register.tsx";
import { noticeAdminsOfRegistration } from "~/features/accounts/registration-notice.server.ts";
import { countPendingUsers } from "~/features/accounts/users.server.ts";
import * as loginApi from "~/routes/api/auth.login.ts";
import * as logoutRoute from "~/routes/auth/logout.ts";
import * as recordsRoute from "~/routes/admin/records.tsx";
import * as adminLayout from "~/routes/admin/layout.tsx";
import * as userLayout from "~/routes/user/layout.tsx";
import {
  args,
  cookieFrom,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  TEST_PASSWORD,
} from "../factories.ts";

// The real argon2id cost (tests/setup.ts lowers it for the rest of the suite).
vi.unmock("@node-rs/argon2");

type ActionData = { result?: { error?: Record<string, string[] | null> }; success?: boolean };

async function login(correo: string, password: string, extra: Record<string, string> = {}) {
  return loginRoute.action(args(formRequest("/login", { correo, password, ...extra })));
}

const registration = (correo: string) => ({
  nombre: "Camila",
  apellido: "Navarro",
  correo,
  fechaNacimiento: "1999-09-09",
  rol: "docente",
  password: "pizarra verde 2026",
  confirmarPassword: "pizarra verde 2026",
});

describe("registration", () => {
  it("creates a pending account and lands on the confirmation page", async () => {
    const response = (await registerRoute.action(
      args(formRequest("/registro", registration("camila@test.cl"))),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/registro/enviado");
    const user = await prisma.user.findUniqueOrThrow({ where: { correo: "camila@test.cl" } });
    expect(user.aprobado).toBe(false);
    expect(user.rol).toBe("docente");
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(REGISTER_OK).toBe("¡Cuenta creada exitosamente!");
  });

  it("keeps the typed values and reports every problem", async () => {
    const result = dataOf<ActionData>(
      await registerRoute.action(
        args(formRequest("/registro", { ...registration("x@test.cl"), nombre: " ", rol: "admin" })),
      ),
    );
    expect(result.status).toBe(400);
    const reply = result.data.result as { initialValue?: Record<string, string>; error?: Record<string, string[]> };
    expect(reply.error?.nombre).toEqual(["Por favor, completa todos los campos."]);
    expect(reply.error?.rol?.[0]).toMatch(/rol válido/);
    expect(reply.initialValue?.correo).toBe("x@test.cl");
    expect(reply.initialValue?.password).toBeUndefined();
    expect(await prisma.user.count({ where: { correo: "x@test.cl" } })).toBe(0);
  });

  it("answers a taken e-mail exactly like a new registration and tells the owner instead", async () => {
    const owner = await createUser({ correo: "taken@test.cl" });
    const fresh = (await registerRoute.action(
      args(formRequest("/registro", registration("libre@test.cl"))),
    )) as Response;
    const taken = (await registerRoute.action(
      args(formRequest("/registro", registration("TAKEN@test.cl"))),
    )) as Response;
    for (const answer of [fresh, taken]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/registro/enviado");
    }
    const apiFresh = await apiRegister.action(args(jsonRequest("/api/auth/register", registration("libre2@test.cl"))));
    const apiTaken = await apiRegister.action(args(jsonRequest("/api/auth/register", registration("taken@test.cl"))));
    expect(apiTaken.status).toBe(apiFresh.status);
    expect(await readJson(apiTaken)).toEqual(await readJson(apiFresh));

    expect(await prisma.user.count({ where: { correo: "taken@test.cl" } })).toBe(1);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).nombre).toBe(owner.nombre);
    const toOwner = await prisma.outboxMail.findMany({ where: { to: "taken@test.cl" } });
    expect(toOwner.map((m) => m.kind)).toEqual(["registration.taken", "registration.taken"]);
    expect(toOwner[0]!.subject).toMatch(/^Alguien intentó crear una cuenta con tu correo/);
    expect(toOwner[0]!.text).toContain("/recuperar");
    // The new addresses got their confirmation links instead.
    expect(await prisma.outboxMail.count({ where: { to: "libre@test.cl", kind: "registration.confirm" } })).toBe(1);
  });

  it("tells every admin by e-mail, at most once an hour, how many registrations wait", async () => {
    const admins = [await createUser({ rol: "admin" }), await createUser({ rol: "admin" })];
    await createUser({ rol: "admin", aprobado: false }); // a suspended admin hears nothing
    await prisma.cacheStamp.deleteMany({ where: { name: "registration-notice" } });
    const notices = () =>
      prisma.outboxMail.findMany({ where: { kind: "registration.notice" }, orderBy: { createdAt: "asc" } });
    const before = await countPendingUsers();

    await registerRoute.action(args(formRequest("/registro", registration("aviso1@test.cl"))));
    let mails = await notices();
    expect(mails.map((m) => m.to).sort()).toEqual(admins.map((a) => a.correo).sort());
    expect(mails[0]?.text).toContain(`${before + 1} registros esperan la aprobación`);
    expect(mails[0]?.text).toContain("http://localhost:3000/admin/records");

    // A second registration in the same hour: no new e-mail (the menu shows the count).
    await registerRoute.action(args(formRequest("/registro", registration("aviso2@test.cl"))));
    expect(await notices()).toHaveLength(2);
    expect(await countPendingUsers()).toBe(before + 2);

    // The next hour, one more notice each; none when nobody waits.
    expect(await noticeAdminsOfRegistration(new Date(Date.now() + 60 * 60 * 1000))).toBe(2);
    await prisma.user.updateMany({ where: { aprobado: false }, data: { aprobado: true } });
    expect(await noticeAdminsOfRegistration(new Date(Date.now() + 3 * 60 * 60 * 1000))).toBe(0);
    mails = await notices();
    expect(mails).toHaveLength(4);
  });

  it("stores nothing when the honeypot is filled", async () => {
    await registerRoute.action(
      args(formRequest("/registro", { ...registration("bot@test.cl"), sitioWeb: "http://spam" })),
    );
    expect(await prisma.user.count({ where: { correo: "bot@test.cl" } })).toBe(0);
  });
});

describe("login", () => {
  it("refuses a pending account only after checking its password", async () => {
    await createUser({ correo: "pend@test.cl", aprobado: false });
    const wrong = dataOf<ActionData>(await login("pend@test.cl", "otra clave cualquiera"));
    expect(wrong.status).toBe(401);
    const right = dataOf<ActionData>(await login("pend@test.cl", TEST_PASSWORD));
    expect(right.status).toBe(403);
    expect((right.data.result as { error?: Record<string, string[]> }).error?.[""]).toEqual([PENDING_APPROVAL]);
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    await createUser({ correo: "known@test.cl" });
    const unknown = dataOf<ActionData>(await login("nadie@test.cl", TEST_PASSWORD));
    const wrong = dataOf<ActionData>(await login("known@test.cl", "no es la clave"));
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const msg = (d: ActionData) => (d.result as { error?: Record<string, string[]> }).error?.[""];
    expect(msg(unknown.data)).toEqual([BAD_CREDENTIALS]);
    expect(msg(wrong.data)).toEqual([BAD_CREDENTIALS]);
    expect(await prisma.auditLog.count({ where: { action: "login.failure" } })).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ["admin", "/admin"],
    ["docente", "/docente"],
    ["estudiante", "/user"],
    ["comunidad", "/comunidad"],
  ])("sends a %s to %s with a new database session", async (rol, home) => {
    const user = await createUser({ rol });
    const response = (await login(user.correo, TEST_PASSWORD)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(home);
    const cookie = cookieFrom(response);
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);
    const session = await getSessionUser(getRequest("/", cookie));
    expect(session?.id).toBe(user.id);
    expect(await prisma.auditLog.count({ where: { action: "login.success", actorId: user.id } })).toBe(1);
  });

  it("refuses an unknown role ('Rol desconocido') and creates no session", async () => {
    const user = await createUser({ rol: "invitado" });
    const result = dataOf<ActionData>(await login(user.correo, TEST_PASSWORD));
    expect((result.data.result as { error?: Record<string, string[]> }).error?.[""]).toEqual(["Rol desconocido"]);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("honours a same-site redirectTo and ignores another site's", async () => {
    const user = await createUser({ rol: "estudiante" });
    const ok = (await login(user.correo, TEST_PASSWORD, { redirectTo: "/biblioteca" })) as Response;
    expect(ok.headers.get("Location")).toBe("/biblioteca");
    const evil = (await login(user.correo, TEST_PASSWORD, { redirectTo: "//evil.com/x" })) as Response;
    expect(evil.headers.get("Location")).toBe("/user");
    // The path normalises to //evil.example/login, which a browser reads as another host.
    const dotted = (await login(user.correo, TEST_PASSWORD, { redirectTo: "/..//evil.example/login" })) as Response;
    expect(dotted.status).toBe(302);
    expect(dotted.headers.get("Location")).toBe("/user");
  });

  it("rate-limits guesses on one account from one source (429, Spanish message)", async () => {
    const user = await createUser({ correo: "target@test.cl" });
    const guess = (i: number) =>
      loginRoute.action(
        args(formRequest("/login", { correo: user.correo, password: `intento-${i}-incorrecto` }, { ip: "10.66.0.1" })),
      );
    let last: { status: number; data: ActionData } | undefined;
    for (let i = 0; i < 11; i++) last = dataOf<ActionData>(await guess(i));
    expect(last?.status).toBe(429);
    expect((last?.data.result as { error?: Record<string, string[]> }).error?.[""]).toEqual([TOO_MANY_REQUESTS]);
  });
});

describe("sessions and guards", () => {
  it("reads the stored role once, lower-cased: a capitalised 'Admin' is an admin", async () => {
    const user = await createUser({ rol: "Admin" });
    const response = (await login(user.correo, TEST_PASSWORD)) as Response;
    expect(response.headers.get("Location")).toBe("/admin");
    expect((await getSessionUser(getRequest("/", cookieFrom(response))))?.rol).toBe("admin");
  });

  async function signedIn(rol: string) {
    const user = await createUser({ rol });
    const response = (await login(user.correo, TEST_PASSWORD)) as Response;
    return { user, cookie: cookieFrom(response) };
  }

  async function thrown(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      return error as Response;
    }
    return null;
  }

  it("checks a cookie's signature once per header, yet reads the session row on every request", async () => {
    const { user, cookie } = await signedIn("estudiante");
    const verify = vi.spyOn(crypto.subtle, "verify");
    try {
      for (let i = 0; i < 3; i++) expect((await getSessionUser(getRequest("/", cookie)))?.id).toBe(user.id);
      expect(verify).toHaveBeenCalledTimes(1);
      const forged = cookie.slice(0, -2) + (cookie.endsWith("AA") ? "BB" : "AA");
      expect(await getSessionUser(getRequest("/", forged))).toBeNull();
      await prisma.session.deleteMany({ where: { userId: user.id } });
      expect(await getSessionUser(getRequest("/", cookie))).toBeNull();
    } finally {
      verify.mockRestore();
    }
  });

  it("logout by POST deletes the session row; GET /salir changes nothing", async () => {
    const { user, cookie } = await signedIn("estudiante");
    const get = (await logoutRoute.loader()) as Response;
    expect(get.status).toBe(302);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
    const post = (await logoutRoute.action(args(formRequest("/salir", {}, { cookie })))) as Response;
    expect(post.headers.get("Location")).toBe("/login");
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await getSessionUser(getRequest("/", cookie))).toBeNull();
  });

  it("guards /admin and /user by role", async () => {
    const anon = await thrown(() => adminLayout.loader(args(getRequest("/admin/records"))));
    expect(anon?.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Frecords");

    const student = await signedIn("estudiante");
    const wrongRole = await thrown(() => adminLayout.loader(args(getRequest("/admin", student.cookie))));
    expect(wrongRole?.headers.get("Location")).toBe("/");
    expect(await userLayout.loader(args(getRequest("/user", student.cookie)))).toMatchObject({ rol: "estudiante" });

    const admin = await signedIn("admin");
    const adminInUser = await thrown(() => userLayout.loader(args(getRequest("/user", admin.cookie))));
    expect(adminInUser?.headers.get("Location")).toBe("/");
    // The records page guards itself too, not only through its layout.
    const direct = await thrown(() => recordsRoute.loader(args(getRequest("/admin/records", student.cookie))));
    expect(direct?.headers.get("Location")).toBe("/");
  });

  it("approval lets a pending user in and queues an e-mail; deletion ends open sessions", async () => {
    const admin = await signedIn("admin");
    const pending = await createUser({ aprobado: false, correo: "nueva@test.cl" });

    const approve = (await recordsRoute.action(
      args(formRequest("/admin/records", { intent: "approve", userId: pending.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(approve.status).toBe(302);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).aprobado).toBe(true);
    expect(
      await prisma.outboxMail.count({ where: { to: "nueva@test.cl", kind: "user.approved", status: "pending" } }),
    ).toBe(1);

    const response = (await login("nueva@test.cl", TEST_PASSWORD)) as Response;
    const cookie = cookieFrom(response);
    expect(await getSessionUser(getRequest("/", cookie))).not.toBeNull();

    await recordsRoute.action(
      args(formRequest("/admin/records", { intent: "delete", userId: pending.id }, { cookie: admin.cookie })),
    );
    expect(await prisma.user.count({ where: { id: pending.id } })).toBe(0);
    expect(await getSessionUser(getRequest("/", cookie))).toBeNull();
    expect(
      await prisma.auditLog.count({ where: { action: { in: ["user.approve", "user.delete"] }, targetId: pending.id } }),
    ).toBe(2);
  });

  it("the records table searches by e-mail and actions come back to the same search", async () => {
    const admin = await signedIn("admin");
    const a = await createUser({ aprobado: false, correo: "busqueda.uno@colegio.cl" });
    await createUser({ correo: "busqueda.dos@colegio.cl" });
    await createUser({ correo: "otra@persona.cl" });
    const found = await recordsRoute.loader(args(getRequest("/admin/records?q=%20BUSQUEDA%20", admin.cookie)));
    expect(found.users.map((u) => u.correo).sort()).toEqual(["busqueda.dos@colegio.cl", "busqueda.uno@colegio.cl"]);
    expect(found.total).toBe(2);
    expect(found.q).toBe(" BUSQUEDA ");
    const none = await recordsRoute.loader(args(getRequest("/admin/records?q=nadie-asi", admin.cookie)));
    expect(none.users).toEqual([]);

    const approve = (await recordsRoute.action(
      args(
        formRequest("/admin/records?q=busqueda&page=2", { intent: "approve", userId: a.id }, { cookie: admin.cookie }),
      ),
    )) as Response;
    expect(approve.headers.get("Location")).toBe("/admin/records?q=busqueda&page=2");
  });

  it("an admin cannot delete themselves", async () => {
    const admin = await signedIn("admin");
    await recordsRoute.action(
      args(formRequest("/admin/records", { intent: "delete", userId: admin.user.id }, { cookie: admin.cookie })),
    );
    expect(await prisma.user.count({ where: { id: admin.user.id } })).toBe(1);
  });

  it("a non-admin cannot approve or delete", async () => {
    const student = await signedIn("docente");
    const pending = await createUser({ aprobado: false });
    const result = await thrown(() =>
      recordsRoute.action(
        args(formRequest("/admin/records", { intent: "approve", userId: pending.id }, { cookie: student.cookie })),
      ),
    );
    expect(result?.headers.get("Location")).toBe("/");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).aprobado).toBe(false);
  });
});

describe("malformed form posts", () => {
  async function statusOf(run: () => Promise<unknown>) {
    try {
      const result = await run();
      return result instanceof Response ? result.status : 200;
    } catch (error) {
      const e = error as { init?: { status?: number }; status?: number };
      return e.init?.status ?? e.status ?? 500;
    }
  }
  const post = (path: string, body: string, type: string, length?: number) => {
    const headers = new Headers({ "Content-Type": type, Origin: "http://localhost:3000", Host: "localhost:3000" });
    if (length) headers.set("Content-Length", String(length));
    return new Request(`http://localhost:3000${path}`, { method: "POST", headers, body });
  };

  it.each([
    ["/login", loginRoute.action],
    ["/registro", registerRoute.action],
  ])("%s answers 400 to a JSON body and 413 to an oversized one, never 500", async (path, action) => {
    expect(await statusOf(() => action(args(post(path, '{"correo":1}', "application/json"))))).toBe(400);
    expect(await statusOf(() => action(args(post(path, "garbage", "multipart/form-data; boundary=x"))))).toBe(400);
    expect(await statusOf(() => action(args(post(path, "a=1", "application/x-www-form-urlencoded", 5_000_000))))).toBe(
      413,
    );
  });

  // A chunked body has no Content-Length: the limit holds while reading, and reading stops there.
  const chunked = (path: string, type: string, chunks: number) => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= chunks) return controller.close();
        controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(64 * 1024)}&`));
      },
    });
    const headers = new Headers({ "Content-Type": type, Origin: "http://localhost:3000", Host: "localhost:3000" });
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers,
      body,
      duplex: "half",
    } as RequestInit);
    return { request, sent: () => sent };
  };

  it("a chunked form or JSON body without Content-Length is cut at the limit (413), not read to the end", async () => {
    const form = chunked("/login", "application/x-www-form-urlencoded", 10_000);
    expect(await statusOf(() => loginRoute.action(args(form.request)))).toBe(413);
    expect(form.sent()).toBeLessThan(10);
    const json = chunked("/api/auth/login", "application/json", 10_000);
    expect(await statusOf(() => loginApi.action(args(json.request)))).toBe(413);
    expect(json.sent()).toBeLessThan(10);
    const multipart = chunked("/registro", "multipart/form-data; boundary=x", 10_000);
    expect(await statusOf(() => registerRoute.action(args(multipart.request)))).toBe(413);
  });
});
