// Password recovery (docs/product.md#password-recovery): /recuperar answers alike
// for every address and e-mails a single-use, hour-long link through the outbox; the link's page
// changes nothing on GET and sets the password once, ending every session and API token; an
// admin can make a 24-hour link to hand over; the requests are limited per IP and per address;
// the /api twins do the same. Against this file's own database and a real SMTP server.
import { describe, expect, it, vi } from "vitest";
import { PENDING_APPROVAL, ACCOUNT_SUSPENDED } from "~/features/accounts/login.server.ts";
import { COMMON_PASSWORD } from "~/features/accounts/register.server.ts";
import { PASSWORDS_DIFFER, PASSWORD_TOO_SHORT } from "~/features/accounts/texts.ts";
import { requestPasswordReset } from "~/features/accounts/recovery.server.ts";
import {
  RESET_DONE,
  RESET_LINK_INVALID,
  RESET_LINK_SELF,
  RESET_REQUESTED,
} from "~/features/accounts/recovery-texts.ts";
import { getSessionUser } from "~/features/accounts/session.server.ts";
import { setPassword } from "~/features/accounts/set-password.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { DROPPED_TEXT } from "~/features/mail/outbox.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as apiForgot from "~/routes/api/auth.forgot-password.ts";
import * as apiLogin from "~/routes/api/auth.login.ts";
import * as apiReset from "~/routes/api/auth.reset-password.ts";
import * as apiCourses from "~/routes/api/cursos.list.ts";
import * as passwordLink from "~/routes/admin/password-link.tsx";
import * as loginPage from "~/routes/auth/login.tsx";
import * as resetPage from "~/routes/auth/reset-password.tsx";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  signedIn,
  TEST_PASSWORD,
  thrown,
} from "../factories.ts";
import { forgot, LINK, linkSentTo, NEW_PASSWORD, nextIp, type Reply, submitLink } from "../recovery-link.ts";
import { smtpCapture } from "../smtp.ts";

const HOUR = 60 * 60 * 1000;

const openLink = async (token: string) =>
  dataOf<{ correo: string | null }>(await resetPage.loader(args(getRequest(`/recuperar/${token}`), { token })));

async function formLogin(correo: string, password: string) {
  const answer = await loginPage.action(args(formRequest("/login", { correo, password })));
  if (answer instanceof Response) return { status: answer.status, error: null };
  const { data, status } = dataOf<Reply>(answer);
  return { status, error: data.result.error?.[""]?.[0] ?? null };
}

const apiCall = (mod: { action: (a: ReturnType<typeof args>) => Promise<Response> }, path: string, body: unknown) =>
  mod.action(args(jsonRequest(path, body)));

describe("asking for a link at /recuperar", () => {
  it("answers an address with an account and one without exactly alike; only the account gets mail", async () => {
    const user = await createUser({ correo: "olvido@liceo.cl" });
    const known = await forgot("OLVIDO@liceo.cl");
    const unknown = await forgot("nadie-aqui@liceo.cl");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data.sent).toBe(true);
    expect(unknown.data).toEqual(known.data);

    expect(await prisma.outboxMail.count({ where: { to: "nadie-aqui@liceo.cl" } })).toBe(0);
    const mails = await prisma.outboxMail.findMany({ where: { to: user.correo } });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "password.reset", status: "pending" });
    expect(mails[0]!.subject).toContain("nueva contraseña");
    // The link is from APP_URL; the database keeps only the token's hash.
    const token = await linkSentTo(user.correo);
    const row = await prisma.accountToken.findFirstOrThrow({ where: { userId: user.id, purpose: "password" } });
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(await prisma.accountToken.findMany())).not.toContain(token);
    expect(row.createdById).toBeNull();
    expect(Math.abs(row.expiresAt.getTime() - Date.now() - HOUR)).toBeLessThan(60_000);
  });

  // How the two compare in time on this machine: `npm run bench` (scripts/bench/timings/recovery.timing.ts).
  it("makes an unknown address wait as long as an account's link and e-mail lately took to store (a fake clock)", async () => {
    const users = await Promise.all(
      // 60: enough for the average to settle however long a loaded machine's earlier writes took.
      Array.from({ length: 60 }, (_, i) => createUser({ correo: `tiempo-${i}@liceo.cl` })),
    );
    // On the clock the code reads (performance.now, faked here), each account's writes take 40 ms.
    vi.useFakeTimers({ toFake: ["performance"] });
    const transaction = prisma.$transaction.bind(prisma) as (...rest: unknown[]) => Promise<unknown>;
    const writes = vi.spyOn(prisma, "$transaction").mockImplementation((async (...rest: unknown[]) => {
      const result = await transaction(...rest);
      vi.advanceTimersByTime(40);
      return result;
    }) as never);
    const timers = vi.spyOn(globalThis, "setTimeout");
    try {
      for (const user of users) {
        expect(await requestPasswordReset(user.correo, formRequest("/recuperar", {}, { ip: nextIp() }))).toEqual({
          ok: true,
        });
      }
      expect(writes).toHaveBeenCalledTimes(users.length);
      timers.mockClear();
      const outcome = await requestPasswordReset(
        "tiempo-nadie@liceo.cl",
        formRequest("/recuperar", {}, { ip: nextIp() }),
      );
      expect(outcome).toEqual({ ok: true });
      expect(writes).toHaveBeenCalledTimes(users.length);
      // Its one wait: the accounts' recent 40 ms (a moving average that has settled on them).
      const waits = timers.mock.calls.map(([, ms]) => ms);
      expect(waits.filter((ms) => typeof ms === "number" && ms >= 39 && ms <= 40)).toHaveLength(1);
    } finally {
      timers.mockRestore();
      writes.mockRestore();
      vi.useRealTimers();
    }
  });

  it("refuses a malformed address with a field message, and sends nothing", async () => {
    const answer = await forgot("no es un correo");
    expect(answer.status).toBe(400);
    expect(answer.data.result.error?.correo?.[0]).toBe("Ingresa un correo electrónico válido.");
    expect(answer.data.sent).toBe(false);
  });
});

describe("the link", () => {
  it("opens without changing anything, sets the password once, and sends the person to /login", async () => {
    const user = await createUser({ correo: "una-vez@liceo.cl" });
    await forgot(user.correo);
    const token = await linkSentTo(user.correo);
    const before = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });

    // A GET (a mail scanner, a preview) twice: the link and the password stay as they were.
    expect(await openLink(token)).toEqual({ status: 200, data: { correo: user.correo } });
    expect(await openLink(token)).toEqual({ status: 200, data: { correo: user.correo } });
    const unchanged = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(unchanged.passwordHash).toBe(before.passwordHash);
    expect((await prisma.accountToken.findFirstOrThrow({ where: { userId: user.id } })).usedAt).toBeNull();

    const done = await submitLink(token);
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("Location")).toBe("/login");
    // The flash cookie carries the message to /login.
    expect(done.response!.headers.get("Set-Cookie")).toMatch(/academia_flash=/);

    expect((await formLogin(user.correo, TEST_PASSWORD)).status).toBe(401);
    expect((await formLogin(user.correo, NEW_PASSWORD)).status).toBe(302);

    // Used: the page and the form say so, and link to a new request.
    expect(await openLink(token)).toEqual({ status: 404, data: { correo: null } });
    const again = await submitLink(token, "otra clave bastante larga");
    expect(again).toMatchObject({ status: 400, invalid: true });
    expect(again.errors?.[""]).toEqual([RESET_LINK_INVALID]);
    expect((await formLogin(user.correo, NEW_PASSWORD)).status).toBe(302);

    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "user.password-reset", targetId: user.id },
    });
    expect(entry).toMatchObject({ actorId: user.id, detail: "enlace por correo" });
  });

  it("expires after an hour", async () => {
    const user = await createUser();
    await forgot(user.correo);
    const token = await linkSentTo(user.correo);
    await prisma.accountToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await openLink(token)).status).toBe(404);
    expect(await submitLink(token)).toMatchObject({ status: 400, invalid: true });
    expect((await formLogin(user.correo, TEST_PASSWORD)).status).toBe(302);
  });

  it("is void once a newer link is sent", async () => {
    const user = await createUser();
    await forgot(user.correo);
    const first = await linkSentTo(user.correo);
    await forgot(user.correo);
    const second = await linkSentTo(user.correo);
    expect(second).not.toBe(first);
    expect((await openLink(first)).status).toBe(404);
    expect(await submitLink(first)).toMatchObject({ status: 400, invalid: true });
    expect((await submitLink(second)).status).toBe(302);
  });

  it("is void once the password changes another way", async () => {
    const user = await createUser();
    await forgot(user.correo);
    const token = await linkSentTo(user.correo);
    await setPassword(user.id, "cambiada desde el perfil", { keepSessionId: null });
    expect((await openLink(token)).status).toBe(404);
    expect(await submitLink(token)).toMatchObject({ status: 400, invalid: true });
  });

  it("ends every browser session and every API token of the account", async () => {
    const { user, cookie, token: apiToken } = await signedIn("docente");
    const second = await signedIn({ correo: "otra-persona@liceo.cl" });
    expect(await getSessionUser(getRequest("/", cookie))).not.toBeNull();

    await forgot(user.correo);
    expect((await submitLink(await linkSentTo(user.correo))).status).toBe(302);

    expect(await getSessionUser(getRequest("/", cookie))).toBeNull();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const call = await apiCourses.loader(
      args(jsonRequest("/api/cursos/lista", null, { method: "GET", token: apiToken })),
    );
    expect(call.status).toBe(401);
    // Someone else's session is not touched.
    expect(await getSessionUser(getRequest("/", second.cookie))).not.toBeNull();
  });

  it("keeps the registration's password rules", async () => {
    const user = await createUser();
    await forgot(user.correo);
    const token = await linkSentTo(user.correo);
    const short = await submitLink(token, "corta");
    expect(short.status).toBe(400);
    expect(short.errors?.password).toEqual([PASSWORD_TOO_SHORT]);
    const differ = await submitLink(token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(differ.errors?.confirmarPassword).toEqual([PASSWORDS_DIFFER]);
    const long = await submitLink(token, "x".repeat(201));
    expect(long.errors?.password).toEqual(["Máximo 200 caracteres."]);
    const common = await submitLink(token, "password123");
    expect(common).toMatchObject({ status: 400, invalid: false });
    expect(common.errors?.password).toEqual([COMMON_PASSWORD]);
    const empty = await submitLink(token, "", "");
    expect(empty.status).toBe(400);
    // None of those spent the link.
    expect((await submitLink(token)).status).toBe(302);
  });

  it("refuses made-up and malformed tokens alike", async () => {
    for (const token of ["x".repeat(43), "x".repeat(5000), "../../etc/passwd", ""]) {
      expect((await openLink(token)).status).toBe(404);
      expect(await submitLink(token)).toMatchObject({ status: 400, invalid: true });
    }
  });
});

describe("pending and suspended accounts", () => {
  it("can set a password but still cannot sign in until an admin approves them", async () => {
    const pending = await createUser({ aprobado: false, correo: "pendiente-rec@liceo.cl" });
    await forgot(pending.correo);
    expect((await submitLink(await linkSentTo(pending.correo))).status).toBe(302);
    expect(await formLogin(pending.correo, NEW_PASSWORD)).toEqual({ status: 403, error: PENDING_APPROVAL });
    const api = await apiCall(apiLogin, "/api/auth/login", { correo: pending.correo, password: NEW_PASSWORD });
    expect(api.status).toBe(403);

    const suspended = await createUser({ correo: "suspendida-rec@liceo.cl" });
    await prisma.user.update({ where: { id: suspended.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    await forgot(suspended.correo);
    expect((await submitLink(await linkSentTo(suspended.correo))).status).toBe(302);
    expect(await formLogin(suspended.correo, NEW_PASSWORD)).toEqual({ status: 403, error: ACCOUNT_SUSPENDED });

    await prisma.user.update({ where: { id: pending.id }, data: { aprobado: true, aprobadoEn: new Date() } });
    expect((await formLogin(pending.correo, NEW_PASSWORD)).status).toBe(302);
  });
});

describe("an admin's one-time link", () => {
  const linkArgs = (id: string, cookie?: string) =>
    args(formRequest(`/admin/records/${id}/enlace-contrasena`, {}, { cookie }), { userId: id });

  it("is shown once, lasts 24 hours, voids earlier links, is audited, and works like an e-mailed one", async () => {
    const admin = await signedIn("admin");
    const learner = await createUser({ correo: "sin-correo@liceo.cl", aprobado: false });
    await forgot(learner.correo);
    const mailed = await linkSentTo(learner.correo);

    const page = dataOf<{ user: { correo: string }; self: boolean }>(
      await passwordLink.loader(
        args(getRequest(`/admin/records/${learner.id}/enlace-contrasena`, admin.cookie), { userId: learner.id }),
      ),
    );
    expect(page.data).toMatchObject({ user: { correo: learner.correo }, self: false });

    const outbox = await prisma.outboxMail.count();
    const made = dataOf<{ ok: true; url: string; expiresAt: string }>(
      await passwordLink.action(linkArgs(learner.id, admin.cookie)),
    );
    expect(made.status).toBe(200);
    const token = LINK.exec(made.data.url)?.[1];
    expect(token).toBeTruthy();
    expect(Math.abs(new Date(made.data.expiresAt).getTime() - Date.now() - 24 * HOUR)).toBeLessThan(60_000);
    // Not e-mailed, not stored in clear, earlier links void.
    expect(await prisma.outboxMail.count()).toBe(outbox);
    const rows = await prisma.accountToken.findMany({ where: { userId: learner.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdById).toBe(admin.user.id);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await openLink(mailed)).status).toBe(404);

    const entry = await prisma.auditLog.findFirstOrThrow({ where: { action: "user.password-link" } });
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: "user", targetId: learner.id });

    // It works like an e-mailed link, once; the account still waits for approval.
    expect(await openLink(token!)).toEqual({ status: 200, data: { correo: learner.correo } });
    expect((await submitLink(token!)).status).toBe(302);
    expect((await submitLink(token!)).status).toBe(400);
    const used = await prisma.auditLog.findFirstOrThrow({
      where: { action: "user.password-reset", targetId: learner.id },
    });
    expect(used.detail).toBe(`enlace de un administrador (${admin.user.id})`);
  });

  it("expires after 24 hours", async () => {
    const admin = await signedIn("admin");
    const learner = await createUser();
    const made = dataOf<{ url: string }>(await passwordLink.action(linkArgs(learner.id, admin.cookie)));
    const token = LINK.exec(made.data.url)![1]!;
    await prisma.accountToken.updateMany({
      where: { userId: learner.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await openLink(token)).status).toBe(404);
  });

  it("is for admins only, never for one's own account, and 404 for an unknown one", async () => {
    const learner = await createUser();
    const visitor = await thrown(passwordLink.action(linkArgs(learner.id)));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    for (const rol of ["estudiante", "docente", "comunidad"]) {
      const other = await signedIn(rol);
      const refused = await thrown(passwordLink.action(linkArgs(learner.id, other.cookie)));
      expect(refused.headers.get("Location")).toBe("/");
      const page = await thrown(
        passwordLink.loader(
          args(getRequest(`/admin/records/${learner.id}/enlace-contrasena`, other.cookie), { userId: learner.id }),
        ),
      );
      expect(page.headers.get("Location")).toBe("/");
    }
    expect(await prisma.accountToken.count({ where: { userId: learner.id } })).toBe(0);

    const admin = await signedIn("admin");
    const self = dataOf<{ ok: false; message: string }>(
      await passwordLink.action(linkArgs(admin.user.id, admin.cookie)),
    );
    expect(self).toEqual({ status: 400, data: { ok: false, message: RESET_LINK_SELF } });
    const none = dataOf(await passwordLink.action(linkArgs("no-existe", admin.cookie)));
    expect(none.status).toBe(404);
    const missing = await passwordLink
      .loader(args(getRequest("/admin/records/no-existe/enlace-contrasena", admin.cookie), { userId: "no-existe" }))
      .catch((e: unknown) => e);
    expect(dataOf(missing).status).toBe(404);
  });
});

describe("limits", () => {
  it(`an address gets ${BUDGETS.recoverAddress.points} requests per window, known or not, then 429 with Retry-After`, async () => {
    const user = await createUser({ correo: "insistente@liceo.cl" });
    for (const correo of [user.correo, "inventado@liceo.cl"]) {
      for (let i = 0; i < BUDGETS.recoverAddress.points; i++) expect((await forgot(correo)).status).toBe(200);
      const refused = await forgot(correo);
      expect(refused.status).toBe(429);
      expect(refused.data.result.error?.[""]).toEqual([TOO_MANY_REQUESTS]);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // The API twin spends the same budget.
    const api = await apiCall(apiForgot, "/api/auth/forgot-password", { correo: user.correo });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(api)).toEqual({ error: TOO_MANY_REQUESTS });
    expect(await prisma.outboxMail.count({ where: { to: user.correo } })).toBe(BUDGETS.recoverAddress.points);
  });

  it("a class of 40 behind one IP all recover at once; a script at that IP is stopped past the budget", async () => {
    const ip = "200.23.0.1";
    const students = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createUser({ correo: `clase-${i}@liceo.cl` })),
    );
    const answers = await Promise.all(students.map((s) => forgot(s.correo, ip)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Some of them ask twice (a typo first). At once, as the script's requests below: an unknown
    // address waits as long as an account's writes lately took, and those waits overlap.
    const typos = await Promise.all(students.slice(0, 20).map((s) => forgot(s.correo.replace("clase", "clace"), ip)));
    expect(typos.every((a) => a.status === 200)).toBe(true);
    for (const s of students) expect(await linkSentTo(s.correo)).toBeTruthy();

    const spent = 60;
    const bots = await Promise.all(
      Array.from({ length: BUDGETS.recoverIp.points - spent }, (_, i) => forgot(`bot-${spent + i}@liceo.cl`, ip)),
    );
    expect(bots.every((a) => a.status === 200)).toBe(true);
    const stopped = await forgot("bot-final@liceo.cl", ip);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.retryAfter)).toBeGreaterThan(0);
    // Elsewhere the same address is still served.
    expect((await forgot("bot-final@liceo.cl", "200.23.0.2")).status).toBe(200);
  });
});

describe("the API twins", () => {
  it("POST /api/auth/forgot-password answers 200 with the same message for every address; 400 for a bad one", async () => {
    const user = await createUser({ correo: "api-olvido@liceo.cl" });
    const known = await apiCall(apiForgot, "/api/auth/forgot-password", { correo: user.correo });
    const unknown = await apiCall(apiForgot, "/api/auth/forgot-password", { correo: "api-nadie@liceo.cl" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await readJson(known)).toEqual({ message: RESET_REQUESTED });
    expect(await readJson(unknown)).toEqual({ message: RESET_REQUESTED });
    expect(await prisma.outboxMail.count({ where: { to: "api-nadie@liceo.cl" } })).toBe(0);
    expect(await linkSentTo(user.correo)).toBeTruthy();

    const bad = await apiCall(apiForgot, "/api/auth/forgot-password", { correo: 42 });
    expect(bad.status).toBe(400);
    expect(typeof (await readJson(bad)).error).toBe("string");
    const get = await apiForgot.loader(args(getRequest("/api/auth/forgot-password")));
    expect(get.status).toBe(405);
  });

  it("POST /api/auth/reset-password sets the password once and ends the account's tokens", async () => {
    const { user, token: apiToken } = await signedIn();
    await apiCall(apiForgot, "/api/auth/forgot-password", { correo: user.correo });
    const token = await linkSentTo(user.correo);
    const body = { token, password: NEW_PASSWORD, confirmarPassword: NEW_PASSWORD };

    const mismatch = await apiCall(apiReset, "/api/auth/reset-password", {
      ...body,
      confirmarPassword: "otra cosa larga",
    });
    expect(mismatch.status).toBe(400);
    expect(await readJson(mismatch)).toEqual({ error: PASSWORDS_DIFFER });
    const common = await apiCall(apiReset, "/api/auth/reset-password", {
      ...body,
      password: "password123",
      confirmarPassword: "password123",
    });
    expect(await readJson(common)).toEqual({ error: COMMON_PASSWORD });

    const done = await apiCall(apiReset, "/api/auth/reset-password", body);
    expect(done.status).toBe(200);
    expect(await readJson(done)).toEqual({ message: RESET_DONE });
    const old = await apiCourses.loader(
      args(jsonRequest("/api/cursos/lista", null, { method: "GET", token: apiToken })),
    );
    expect(old.status).toBe(401);
    const login = await apiCall(apiLogin, "/api/auth/login", { correo: user.correo, password: NEW_PASSWORD });
    expect(login.status).toBe(200);

    const again = await apiCall(apiReset, "/api/auth/reset-password", body);
    expect(again.status).toBe(400);
    expect(await readJson(again)).toEqual({ error: RESET_LINK_INVALID });
    const missing = await apiCall(apiReset, "/api/auth/reset-password", { password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
  });
});

describe("the link in the outbox", () => {
  const smtp = smtpCapture();

  it("reaches the person through SMTP and is dropped from the stored text once sent", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const user = await createUser({ correo: "smtp-rec@liceo.cl" });
    await forgot(user.correo);
    const token = await linkSentTo(user.correo);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 5000 });
    expect(await deliverPending(transport, { from: "academia@test.cl" })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.some(({ raw }) => raw.includes(`/recuperar/${token}`))).toBe(true);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: user.correo } });
    expect(mail).toMatchObject({ status: "sent", text: DROPPED_TEXT });
    expect(JSON.stringify(await prisma.outboxMail.findMany())).not.toContain(token);
    // The link itself still works.
    expect((await submitLink(token)).status).toBe(302);
  });
});
