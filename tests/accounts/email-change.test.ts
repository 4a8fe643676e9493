// Changing one's own e-mail is confirmed through a single-use, expiring link sent to the new
// address; admins correct another account's address directly.
import { describe, expect, it } from "vitest";
import { EMAIL_TAKEN } from "~/features/accounts/register.server.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { EMAIL_CHANGE_TOO_MANY } from "~/features/accounts/email-change.server.ts";
import { EMAIL_CHANGE_INVALID, EMAIL_CONFIRMATION_SENT } from "~/features/accounts/profile-schema.ts";
import { readFlash } from "~/lib/flash.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as apiProfile from "~/routes/api/auth.user-profile.ts";
import * as confirmEmail from "~/routes/auth/confirm-email.tsx";
import * as userProfile from "~/routes/user/profile.tsx";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  sessionCookie,
  signedIn,
} from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

async function requestChange(user: { id: string }, correo: string) {
  const cookie = await sessionCookie(user);
  const response = (await userProfile.action(
    args(multipartRequest("/user/profile", { correo }, { cookie })),
  )) as Response;
  expect(response.status).toBe(302);
  return cookie;
}

async function linkSentTo(correo: string) {
  const mail = await prisma.outboxMail.findFirstOrThrow({
    where: { to: correo, kind: "email.confirm" },
    orderBy: { createdAt: "desc" },
  });
  const match = /http:\/\/localhost:3000\/confirmar-correo\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const page = (token: string) => confirmEmail.loader(args(getRequest(`/confirmar-correo/${token}`), { token }));
const confirm = async (token: string) =>
  dataOf<{ ok: boolean; message: string }>(
    await confirmEmail.action(args(formRequest(`/confirmar-correo/${token}`, {}), { token })),
  );
const correoOf = async (id: string) => (await prisma.user.findUniqueOrThrow({ where: { id } })).correo;

describe("changing one's own e-mail", () => {
  it("keeps the old address until the link sent to the new one is followed, once", async () => {
    const user = await createUser({ correo: "antes@test.cl" });
    const cookie = await requestChange(user, "despues@test.cl");
    expect(await correoOf(user.id)).toBe("antes@test.cl");
    const profile = await userProfile.loader(args(getRequest("/user/profile", cookie)));
    expect(profile.profile).toMatchObject({ correo: "antes@test.cl", correoPendiente: "despues@test.cl" });

    const token = await linkSentTo("despues@test.cl");
    // Opening the link (a GET, as mail scanners do) changes nothing.
    expect(dataOf<{ newEmail: string }>(await page(token))).toMatchObject({
      status: 200,
      data: { newEmail: "despues@test.cl" },
    });
    expect(await correoOf(user.id)).toBe("antes@test.cl");

    expect(await confirm(token)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await correoOf(user.id)).toBe("despues@test.cl");
    // The old address is told; the link is spent.
    expect(await prisma.outboxMail.count({ where: { to: "antes@test.cl", kind: "email.changed" } })).toBe(1);
    expect(await confirm(token)).toMatchObject({ status: 404, data: { ok: false, message: EMAIL_CHANGE_INVALID } });
    expect(dataOf(await page(token)).status).toBe(404);
    const after = await userProfile.loader(args(getRequest("/user/profile", cookie)));
    expect(after.profile).toMatchObject({ correo: "despues@test.cl", correoPendiente: null });
  });

  it("refuses an expired link, a malformed one, and a superseded one", async () => {
    const user = await createUser({ correo: "exp@test.cl" });
    await requestChange(user, "exp-1@test.cl");
    const first = await linkSentTo("exp-1@test.cl");
    await requestChange(user, "exp-2@test.cl");
    const second = await linkSentTo("exp-2@test.cl");
    expect((await confirm(first)).status).toBe(404); // a new request replaces the old link

    await prisma.emailChange.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await confirm(second)).toMatchObject({ status: 404, data: { message: EMAIL_CHANGE_INVALID } });
    expect((await confirm("x".repeat(5000))).status).toBe(404);
    expect((await confirm("../../etc")).status).toBe(404);
    expect(await correoOf(user.id)).toBe("exp@test.cl");
  });

  it("refuses the change when someone took the address meanwhile", async () => {
    const user = await createUser({ correo: "lento@test.cl" });
    await requestChange(user, "disputado@test.cl");
    const token = await linkSentTo("disputado@test.cl");
    await createUser({ correo: "disputado@test.cl" });
    expect(await confirm(token)).toMatchObject({ status: 409, data: { ok: false, message: EMAIL_TAKEN } });
    expect(await correoOf(user.id)).toBe("lento@test.cl");
  });

  it("through the API: 200 with correoPendiente, the user keeps the old address", async () => {
    const { user, token } = await signedIn({ correo: "api-antes@test.cl" });
    const response = await apiProfile.action(
      args(
        jsonRequest(`/api/auth/users/${user.id}/profile`, { correo: "api-despues@test.cl" }, { method: "PUT", token }),
        { userId: user.id },
      ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      correoPendiente: "api-despues@test.cl",
      user: { correo: "api-antes@test.cl" },
    });
    expect(await correoOf(user.id)).toBe("api-antes@test.cl");
    expect(await confirm(await linkSentTo("api-despues@test.cl"))).toMatchObject({ data: { ok: true } });
    expect(await correoOf(user.id)).toBe("api-despues@test.cl");
  });

  it("an admin corrects another account's address at once, and their own through the link", async () => {
    const admin = await signedIn("admin");
    const other = await createUser({ correo: "mal-escrito@test.cl" });
    const response = await apiProfile.action(
      args(
        jsonRequest(
          `/api/auth/users/${other.id}/profile`,
          { correo: "bien-escrito@test.cl" },
          { method: "PUT", token: admin.token },
        ),
        { userId: other.id },
      ),
    );
    expect(await response.json()).toMatchObject({ correoPendiente: null, user: { correo: "bien-escrito@test.cl" } });
    expect(await correoOf(other.id)).toBe("bien-escrito@test.cl");

    const own = await apiProfile.action(
      args(
        jsonRequest(
          `/api/auth/users/${admin.user.id}/profile`,
          { correo: "admin-nuevo@test.cl" },
          { method: "PUT", token: admin.token },
        ),
        { userId: admin.user.id },
      ),
    );
    expect(await own.json()).toMatchObject({ correoPendiente: "admin-nuevo@test.cl" });
    expect(await correoOf(admin.user.id)).toBe(admin.user.correo);
  });
});

/** The profile page's answer to a request to move `cookie`'s account to `correo`: status, where to, what it says. */
async function pageAnswer(cookie: string, correo: string) {
  const response = (await userProfile.action(
    args(multipartRequest("/user/profile", { correo }, { cookie })),
  )) as Response;
  const flashCookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  const { flash } = await readFlash(getRequest("/user/profile", flashCookie));
  const page = await userProfile.loader(args(getRequest("/user/profile", cookie)));
  return {
    status: response.status,
    location: response.headers.get("Location"),
    flash,
    pending: page.profile?.correoPendiente,
  };
}

/** The API's answer to the same request, with the address typed replaced by a placeholder. */
async function apiAnswer(user: { id: string }, token: string, correo: string) {
  const response = await apiProfile.action(
    args(jsonRequest(`/api/auth/users/${user.id}/profile`, { correo }, { method: "PUT", token }), { userId: user.id }),
  );
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: JSON.parse(JSON.stringify(body).replaceAll(correo, "{correo}")) as unknown };
}

describe("an address another account has", () => {
  const smtp = smtpCapture();

  it("is answered like a free one (page and API); its owner is told and nothing changes", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const owner = await createUser({ correo: "duena@test.cl", nombre: "Dueña" });
    const { user, cookie, token } = await signedIn({ correo: "curioso@test.cl" });

    const taken = await pageAnswer(cookie, "DUENA@test.cl");
    const free = await pageAnswer(cookie, "libre@test.cl");
    expect(taken).toEqual({
      status: 302,
      location: "/user/profile",
      flash: { type: "info", message: EMAIL_CONFIRMATION_SENT("duena@test.cl") },
      pending: "duena@test.cl",
    });
    expect(free).toEqual({
      ...taken,
      flash: { ...taken.flash, message: EMAIL_CONFIRMATION_SENT("libre@test.cl") },
      pending: "libre@test.cl",
    });

    const apiTaken = await apiAnswer(user, token, "duena@test.cl");
    const apiFree = await apiAnswer(user, token, "libre-api@test.cl");
    expect(apiTaken).toEqual(apiFree);
    expect(apiTaken).toMatchObject({
      status: 200,
      body: { correoPendiente: "{correo}", user: { correo: "curioso@test.cl" } },
    });

    // The free addresses get their link; the taken one, twice told that someone tried, gets none.
    expect(await prisma.outboxMail.count({ where: { to: "libre@test.cl", kind: "email.confirm" } })).toBe(1);
    expect(await prisma.outboxMail.count({ where: { to: "duena@test.cl", kind: "email.confirm" } })).toBe(0);
    const notices = await prisma.outboxMail.findMany({ where: { to: "duena@test.cl" } });
    expect(notices.map((m) => [m.kind, m.toUserId])).toEqual([
      ["email.taken", owner.id],
      ["email.taken", owner.id],
    ]);
    expect(notices[0]!.text).toContain("Alguien pidió usar este correo (duena@test.cl) en otra cuenta");
    expect(notices[0]!.text).toContain("No cambió nada");
    expect(notices[0]!.text).not.toContain("/confirmar-correo/");
    expect(notices[0]!.text).not.toContain("curioso");

    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 5000 });
    expect(await deliverPending(transport, { from: "academia@test.cl" })).toEqual({ sent: 4, failed: 0 });
    const toOwner = smtp.received.filter((m) => m.to.includes("duena@test.cl"));
    expect(toOwner).toHaveLength(2);
    expect(toOwner[0]!.raw).toContain("duena@test.cl) en otra cuenta");
    expect(toOwner[0]!.raw).not.toContain("/confirmar-correo/");

    // Nobody's address changed, and no link can move the account to the owner's address.
    expect(await correoOf(owner.id)).toBe("duena@test.cl");
    expect(await correoOf(user.id)).toBe("curioso@test.cl");
  });
});

describe("e-mail changes per account", () => {
  it(`are ${BUDGETS.emailChangeUserHour.points} an hour: then 429 with Retry-After (API), taken and free alike`, async () => {
    await createUser({ correo: "tomado@test.cl" });
    const { user, token } = await signedIn({ correo: "rafaga@test.cl" });
    const put = (correo: string) =>
      apiProfile.action(
        args(jsonRequest(`/api/auth/users/${user.id}/profile`, { correo }, { method: "PUT", token }), {
          userId: user.id,
        }),
      );
    for (let i = 1; i <= BUDGETS.emailChangeUserHour.points; i++) {
      expect((await put(i % 2 ? "tomado@test.cl" : `libre-${i}@test.cl`)).status).toBe(200);
    }
    const refused = await put("otro-mas@test.cl");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: EMAIL_CHANGE_TOO_MANY });
    expect(await prisma.outboxMail.count({ where: { to: "otro-mas@test.cl" } })).toBe(0);
    // Other changes of the profile go on; the same address as now is no change.
    expect((await put("rafaga@test.cl")).status).toBe(200);

    // Past the hour, the day's budget still holds.
    await prisma.rateLimit.deleteMany({ where: { key: { startsWith: "emailChangeUserHour:" } } });
    const accepted: number[] = [];
    for (let i = 0; i < BUDGETS.emailChangeUserDay.points; i++) accepted.push((await put(`dia-${i}@test.cl`)).status);
    // The refused request counted for the day too (its points stay spent).
    expect(accepted.filter((status) => status === 200)).toHaveLength(
      BUDGETS.emailChangeUserDay.points - BUDGETS.emailChangeUserHour.points - 1,
    );
    expect(accepted.at(-1)).toBe(429);
  });

  it("the page answers 429 with Retry-After and a Spanish error under the e-mail, keeping what was typed", async () => {
    const user = await createUser({ correo: "pagina-rafaga@test.cl" });
    const cookie = await sessionCookie(user);
    for (let i = 0; i < BUDGETS.emailChangeUserHour.points; i++) await requestChange(user, `p-${i}@test.cl`);
    const form = { correo: "uno-mas@test.cl", nombre: "Nombre Nuevo", apellido: user.apellido };
    const reply = await userProfile.action(args(multipartRequest("/user/profile", form, { cookie })));
    const { status, data } = dataOf<{
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    }>(reply);
    expect(status).toBe(429);
    expect((reply as { init?: { headers?: Record<string, string> } }).init?.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(data.result.error.correo).toEqual([EMAIL_CHANGE_TOO_MANY]);
    expect(data.result.initialValue).toMatchObject(form);
    // Nothing of the form was saved.
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).nombre).toBe(user.nombre);
  });
});
