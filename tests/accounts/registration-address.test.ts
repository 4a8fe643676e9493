// Registration proves the address: a single-use link e-mailed at registration,
// Registros shows which addresses are confirmed (those first), and approving an unconfirmed one
// asks the admin to confirm the choice; the API approval still works (the admin decides).
import { describe, expect, it } from "vitest";
import { ADDRESS_CONFIRMED_READY, ADDRESS_CONFIRMED_WAIT, ADDRESS_LINK_INVALID } from "~/features/accounts/texts.ts";
import { listUsers } from "~/features/accounts/users.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as recordsRoute from "~/routes/admin/records.tsx";
import * as apiApprove from "~/routes/api/auth.approve.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as confirmPage from "~/routes/auth/confirm-registration.tsx";
import * as registerRoute from "~/routes/auth/register.tsx";
import { args, createUser, dataOf, formRequest, getRequest, jsonRequest, signedIn } from "../factories.ts";

const registration = (correo: string) => ({
  nombre: "Marta",
  apellido: "Fuentes",
  correo,
  fechaNacimiento: "1998-03-04",
  rol: "estudiante",
  password: "pizarra verde 2026",
  confirmarPassword: "pizarra verde 2026",
});

/** The token of the newest confirmation link mailed to `correo`. */
async function mailedToken(correo: string): Promise<string> {
  const mail = await prisma.outboxMail.findFirstOrThrow({
    where: { to: correo, kind: "registration.confirm" },
    orderBy: { createdAt: "desc" },
  });
  const token = /\/registro\/confirmar\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return token!;
}

const page = (token: string) =>
  confirmPage.loader(args(getRequest(`/registro/confirmar/${token}`), { token })) as Promise<unknown>;
const confirm = async (token: string) =>
  dataOf<{ ok: boolean; message: string }>(
    await confirmPage.action(args(formRequest(`/registro/confirmar/${token}`, {}), { token })),
  );
const userBy = (correo: string) => prisma.user.findUniqueOrThrow({ where: { correo } });

describe("the link that proves an address", () => {
  it("is e-mailed at registration; opening it changes nothing; the button confirms once", async () => {
    await registerRoute.action(args(formRequest("/registro", registration("marta@test.cl"))));
    const token = await mailedToken("marta@test.cl");
    const mail = await prisma.outboxMail.findFirstOrThrow({
      where: { to: "marta@test.cl", kind: "registration.confirm" },
    });
    expect(mail.subject).toMatch(/^Confirma tu correo en /);
    expect(mail.text).toContain(`http://localhost:3000/registro/confirmar/${token}`);

    expect(dataOf<{ correo: string | null }>(await page(token))).toMatchObject({
      status: 200,
      data: { correo: "marta@test.cl" },
    });
    expect((await userBy("marta@test.cl")).correoConfirmado).toBe(false);

    expect(await confirm(token)).toMatchObject({ status: 200, data: { ok: true, message: ADDRESS_CONFIRMED_WAIT } });
    const user = await userBy("marta@test.cl");
    expect(user.correoConfirmado).toBe(true);
    expect(user.correoConfirmadoEn).toBeInstanceOf(Date);
    expect(user.aprobado).toBe(false);
    // Once only; the page then says so.
    expect(await confirm(token)).toMatchObject({ status: 404, data: { ok: false, message: ADDRESS_LINK_INVALID } });
    expect(dataOf(await page(token)).status).toBe(404);
    // Only the hash is stored.
    expect(await prisma.accountToken.count({ where: { tokenHash: token } })).toBe(0);
  });

  it("expires, refuses malformed tokens, and a second registration sends a new link that voids the first", async () => {
    await apiRegister.action(args(jsonRequest("/api/auth/register", registration("luis@test.cl"))));
    const first = await mailedToken("luis@test.cl");
    await new Promise((r) => setTimeout(r, 5));
    // Lost the mail: registering again with the same address sends a new link (and answers as usual).
    const again = await apiRegister.action(args(jsonRequest("/api/auth/register", registration("luis@test.cl"))));
    expect(again.status).toBe(201);
    expect(await prisma.user.count({ where: { correo: "luis@test.cl" } })).toBe(1);
    const second = await mailedToken("luis@test.cl");
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(404);
    for (const bad of ["x", "../../etc", "a".repeat(500)]) expect((await confirm(bad)).status).toBe(404);

    await prisma.accountToken.updateMany({
      where: { user: { correo: "luis@test.cl" } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await confirm(second)).status).toBe(404);
    expect((await userBy("luis@test.cl")).correoConfirmado).toBe(false);
  });

  it("an approved account's confirmation says it can sign in", async () => {
    await registerRoute.action(args(formRequest("/registro", registration("ya@test.cl"))));
    await prisma.user.update({ where: { correo: "ya@test.cl" }, data: { aprobado: true } });
    expect((await confirm(await mailedToken("ya@test.cl"))).data.message).toBe(ADDRESS_CONFIRMED_READY);
  });
});

describe("Registros and approval", () => {
  it("lists the confirmed pending registrations first, and says which are confirmed", async () => {
    const older = await createUser({ aprobado: false, correo: "a-confirmada@registros.cl" });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await createUser({ aprobado: false, correo: "b-sin@registros.cl", correoConfirmado: false });
    const { users } = await listUsers({ q: "", pageSize: 200 });
    const ours = users.filter((u) => u.correo.endsWith("@registros.cl"));
    expect(ours.map((u) => [u.id, u.correoConfirmado])).toEqual([
      [older.id, true],
      [newer.id, false],
    ]);
  });

  it("approving an unconfirmed address asks first; confirming the choice approves; the API approves at once", async () => {
    const admin = await signedIn("admin");
    const unconfirmed = await createUser({ aprobado: false, correo: "dudosa@test.cl", correoConfirmado: false });
    const post = (fields: Record<string, string>) =>
      recordsRoute.action(
        args(formRequest("/admin/records?q=dudosa", { userId: unconfirmed.id, ...fields }, { cookie: admin.cookie })),
      ) as Promise<Response>;

    const asked = await post({ intent: "approve" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/admin/records?q=dudosa&aprobar=${unconfirmed.id}`);
    expect((await userBy("dudosa@test.cl")).aprobado).toBe(false);
    const dialog = (await recordsRoute.loader(
      args(getRequest(`/admin/records?q=dudosa&aprobar=${unconfirmed.id}`, admin.cookie)),
    )) as { toApprove: { id: string } | null };
    expect(dialog.toApprove?.id).toBe(unconfirmed.id);

    const approved = await post({ intent: "approve-unconfirmed" });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe("/admin/records?q=dudosa");
    expect((await userBy("dudosa@test.cl")).aprobado).toBe(true);

    const other = await createUser({ aprobado: false, correoConfirmado: false });
    const api = await apiApprove.action(
      args(jsonRequest(`/api/auth/approve/${other.id}`, {}, { token: admin.token, method: "PUT" }), {
        userId: other.id,
      }),
    );
    expect(api.status).toBeLessThan(300);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).aprobado).toBe(true);
  });

  it("a confirmed address is approved in one step", async () => {
    const admin = await signedIn("admin");
    const confirmed = await createUser({ aprobado: false });
    const answer = (await recordsRoute.action(
      args(formRequest("/admin/records", { intent: "approve", userId: confirmed.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/admin/records");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: confirmed.id } })).aprobado).toBe(true);
  });
});
