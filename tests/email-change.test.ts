// Changing one's own e-mail is confirmed through a single-use, expiring link sent to the new
// address; admins correct another account's address directly.
import { describe, expect, it } from "vitest";
import { EMAIL_TAKEN } from "~/features/auth/register.server.ts";
import { EMAIL_CHANGE_INVALID } from "~/features/users/profile-schema.ts";
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
} from "./factories.ts";

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
