// Children (Ley 21.719): a registrant under 14 names a parent or guardian, who is
// e-mailed a link ('Autorizo el registro de …'); the account waits for that consent — or for an
// admin's record that the school collected it — before an admin may approve it.
import { describe, expect, it } from "vitest";
import {
  GUARDIAN_CONSENTED,
  GUARDIAN_OWN_EMAIL,
  GUARDIAN_PENDING,
  GUARDIAN_REQUIRED,
} from "~/features/accounts/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { readFlash } from "~/lib/flash.server.ts";
import * as recordsRoute from "~/routes/admin/records.tsx";
import * as apiApprove from "~/routes/api/auth.approve.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as consentPage from "~/routes/auth/guardian-consent.tsx";
import * as registerRoute from "~/routes/auth/register.tsx";
import { args, dataOf, formRequest, getRequest, jsonRequest, readJson, signedIn } from "../factories.ts";

/** A birth date `years` years (and a month) before today, so the age is years (Chile). */
function bornYearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

const child = (correo: string, extra: Record<string, string> = {}) => ({
  nombre: "Tomás",
  apellido: "Rivas",
  correo,
  fechaNacimiento: bornYearsAgo(12),
  rol: "estudiante",
  password: "pizarra verde 2026",
  confirmarPassword: "pizarra verde 2026",
  ...extra,
});

type Reply = { result: { error?: Record<string, string[] | null> } };

async function guardianToken(to: string) {
  const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to, kind: "registration.guardian" } });
  const token = /\/registro\/autorizar\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return { token: token!, mail };
}

describe("registrants under 14", () => {
  it("must name a parent or guardian (form and API), whose address is not their own", async () => {
    const form = dataOf<Reply>(await registerRoute.action(args(formRequest("/registro", child("nino1@test.cl")))));
    expect(form.status).toBe(400);
    expect(form.data.result.error?.tutorNombre).toEqual([GUARDIAN_REQUIRED]);
    expect(form.data.result.error?.tutorCorreo).toEqual([GUARDIAN_REQUIRED]);
    const api = await apiRegister.action(args(jsonRequest("/api/auth/register", child("nino1@test.cl"))));
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ error: GUARDIAN_REQUIRED });
    const own = dataOf<Reply>(
      await registerRoute.action(
        args(formRequest("/registro", child("nino1@test.cl", { tutorNombre: "Ana", tutorCorreo: "NINO1@test.cl" }))),
      ),
    );
    expect(own.data.result.error?.tutorCorreo).toEqual([GUARDIAN_OWN_EMAIL]);
    expect(await prisma.user.count({ where: { correo: "nino1@test.cl" } })).toBe(0);

    // 14 and over: nothing to ask, and guardian fields typed anyway are not kept.
    const teen = child("joven@test.cl", {
      fechaNacimiento: bornYearsAgo(15),
      tutorNombre: "X",
      tutorCorreo: "x@test.cl",
    });
    expect((await apiRegister.action(args(jsonRequest("/api/auth/register", teen)))).status).toBe(201);
    expect(await prisma.user.findUniqueOrThrow({ where: { correo: "joven@test.cl" } })).toMatchObject({
      requiereTutor: false,
      tutorCorreo: null,
    });
  });

  it("wait for the guardian's consent by e-mail before an admin may approve them", async () => {
    const admin = await signedIn("admin");
    const answer = (await registerRoute.action(
      args(
        formRequest("/registro", child("nino2@test.cl", { tutorNombre: "Paula Rivas", tutorCorreo: "paula@test.cl" })),
      ),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/registro/enviado");
    const user = await prisma.user.findUniqueOrThrow({ where: { correo: "nino2@test.cl" } });
    expect(user).toMatchObject({ requiereTutor: true, tutorNombre: "Paula Rivas", tutorCorreo: "paula@test.cl" });
    expect(user.consentimientoEn).toBeNull();

    // The admin cannot approve yet (web and API).
    const web = (await recordsRoute.action(
      args(formRequest("/admin/records", { intent: "approve-unconfirmed", userId: user.id }, { cookie: admin.cookie })),
    )) as Response;
    const { flash } = await readFlash(new Request("http://x", { headers: { Cookie: web.headers.get("Set-Cookie")! } }));
    expect(flash?.message).toBe(GUARDIAN_PENDING);
    const api = await apiApprove.action(
      args(jsonRequest(`/api/auth/approve/${user.id}`, {}, { token: admin.token, method: "PUT" }), { userId: user.id }),
    );
    expect(api.status).toBe(409);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).aprobado).toBe(false);

    // The guardian's mail: the child's name, the notice, the link; opening it changes nothing.
    const { token, mail } = await guardianToken("paula@test.cl");
    expect(mail.subject).toMatch(/^Autoriza el registro de Tomás Rivas en /);
    expect(mail.text).toContain("/privacidad");
    const shown = dataOf<{ nombre: string | null }>(
      await consentPage.loader(args(getRequest(`/registro/autorizar/${token}`), { token })),
    );
    expect(shown).toMatchObject({ status: 200, data: { nombre: "Tomás Rivas" } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).consentimientoEn).toBeNull();

    const consent = () =>
      consentPage.action(args(formRequest(`/registro/autorizar/${token}`, {}), { token })).then((r) => dataOf(r));
    expect(await consent()).toMatchObject({ status: 200, data: { ok: true, message: GUARDIAN_CONSENTED } });
    expect((await consent()).status).toBe(404);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      consentimientoOrigen: "tutor",
    });

    const now = await apiApprove.action(
      args(jsonRequest(`/api/auth/approve/${user.id}`, {}, { token: admin.token, method: "PUT" }), { userId: user.id }),
    );
    expect(now.status).toBeLessThan(300);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).aprobado).toBe(true);
  });

  it("a school's paper consent is recorded by an admin (audited), and then the account may be approved", async () => {
    const admin = await signedIn("admin");
    await apiRegister.action(
      args(
        jsonRequest("/api/auth/register", child("nino3@test.cl", { tutorNombre: "Luis", tutorCorreo: "luis@test.cl" })),
      ),
    );
    const user = await prisma.user.findUniqueOrThrow({ where: { correo: "nino3@test.cl" } });
    const post = (intent: string) =>
      recordsRoute.action(
        args(formRequest("/admin/records", { intent, userId: user.id }, { cookie: admin.cookie })),
      ) as Promise<Response>;
    await post("consent-school");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      consentimientoOrigen: "escuela",
    });
    expect(
      await prisma.auditLog.count({
        where: { action: "user.guardian-consent", targetId: user.id, actorId: admin.user.id },
      }),
    ).toBe(1);
    await post("approve-unconfirmed");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).aprobado).toBe(true);
    // The guardian may still use their link; the consent already recorded stays as it was given.
    const { token } = await guardianToken("luis@test.cl");
    await consentPage.action(args(formRequest(`/registro/autorizar/${token}`, {}), { token }));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).consentimientoOrigen).toBe("escuela");
  });
});
