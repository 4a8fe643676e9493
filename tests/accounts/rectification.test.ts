// Rectification: people correct their own nombre, apellido and fecha de
// nacimiento in the profile and through the API, under the registration's rules; an admin
// corrects them on a user's record (audited: which fields, never their values). Objection: the
// profile's checkbox turns the optional notices by e-mail off and on.
import { describe, expect, it } from "vitest";
import { issueApiToken } from "~/features/accounts/api-token.server.ts";
import { INVALID_BIRTHDATE, REQUIRED_ALL } from "~/features/accounts/texts.ts";
import { NAME_ON_CERTIFICATES, PROFILE_UPDATED } from "~/features/accounts/profile-schema.ts";
import { updateProfile } from "~/features/profile/profile.server.ts";
import { INVALID_RUT, RUT_TAKEN } from "~/features/accounts/rut.ts";
import { prisma } from "~/lib/db.server.ts";
import { readFlash } from "~/lib/flash.server.ts";
import * as correctPage from "~/routes/admin/user-correct.tsx";
import * as profileApi from "~/routes/api/auth.user-profile.ts";
import * as userProfile from "~/routes/user/profile.tsx";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  sessionCookie,
  signedIn,
} from "../factories.ts";

type Reply = { result: { error?: Record<string, string[] | null> } };
const flashOf = async (response: Response) =>
  (await readFlash(new Request("http://x", { headers: { Cookie: response.headers.get("Set-Cookie") ?? "" } }))).flash
    ?.message;

function profileForm(user: { correo: string }, fields: Record<string, string>, cookie: string) {
  return userProfile.action(
    args(
      multipartRequest(
        "/user/profile",
        { intent: "perfil", correo: user.correo, conAvisos: "1", avisosCorreo: "on", ...fields },
        { cookie },
      ),
    ),
  );
}

describe("the person corrects their own data", () => {
  it("in the profile form: name and birth date under the registration's rules, audited by field", async () => {
    const user = await createUser({ nombre: "Jose", apellido: "Muños" });
    const cookie = await sessionCookie(user);
    const bad = dataOf<Reply>(
      await profileForm(user, { nombre: " ", apellido: "Muñoz", fechaNacimiento: "2001-02-30" }, cookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.nombre).toEqual([REQUIRED_ALL]);
    expect(bad.data.result.error?.fechaNacimiento).toEqual([INVALID_BIRTHDATE]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).apellido).toBe("Muños");

    const answer = (await profileForm(
      user,
      { nombre: "José", apellido: "Muñoz", fechaNacimiento: "2001-03-04" },
      cookie,
    )) as Response;
    expect(answer.status).toBe(302);
    expect(await flashOf(answer)).toBe(PROFILE_UPDATED);
    const saved = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved).toMatchObject({ nombre: "José", apellido: "Muñoz", avisosCorreo: true });
    expect(saved.fechaNacimiento?.toISOString().slice(0, 10)).toBe("2001-03-04");
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "user.profile-rectify", targetId: user.id },
    });
    expect(entry.detail).toBe("nombre,apellido,fechaNacimiento");
    expect(JSON.stringify(entry)).not.toContain("Muñoz");
  });

  it("a corrected name points to 'Mis certificados', whose certificates keep the old one until asked", async () => {
    const user = await createUser({ nombre: "Ana", apellido: "Peres" });
    await prisma.certificate.create({
      data: { codigo: "RECTIFYAAAAAAAAA", userId: user.id, nombreTitular: "Ana Peres", tituloCurso: "Curso" },
    });
    const answer = (await profileForm(
      user,
      { nombre: "Ana", apellido: "Pérez", fechaNacimiento: "2000-05-10" },
      await sessionCookie(user),
    )) as Response;
    expect(await flashOf(answer)).toBe(NAME_ON_CERTIFICATES);
    expect((await prisma.certificate.findUniqueOrThrow({ where: { codigo: "RECTIFYAAAAAAAAA" } })).nombreTitular).toBe(
      "Ana Peres",
    );
  });

  it("the profile's checkbox turns optional notices off and on; a form without it changes nothing", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const base = { nombre: user.nombre, apellido: user.apellido, fechaNacimiento: "2000-05-10" };
    await userProfile.action(
      args(
        multipartRequest(
          "/user/profile",
          { intent: "perfil", correo: user.correo, conAvisos: "1", ...base },
          { cookie },
        ),
      ),
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avisosCorreo).toBe(false);
    await userProfile.action(
      args(multipartRequest("/user/profile", { intent: "perfil", correo: user.correo }, { cookie })),
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avisosCorreo).toBe(false);
    await profileForm(user, base, cookie);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avisosCorreo).toBe(true);
  });

  it("through the API: the profile call accepts nombre, apellido, fechaNacimiento and avisosCorreo", async () => {
    const user = await createUser();
    const token = await issueApiToken(user);
    const put = (body: unknown) =>
      profileApi.action(
        args(jsonRequest(`/api/auth/users/${user.id}/profile`, body, { method: "PUT", token }), { userId: user.id }),
      );
    const ok = await put({ nombre: "Beatriz", apellido: "Soto", fechaNacimiento: "1999-12-31", avisosCorreo: false });
    expect(ok.status).toBe(200);
    expect(await readJson(ok)).toMatchObject({
      user: { nombre: "Beatriz", apellido: "Soto", fechaNacimiento: "1999-12-31" },
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avisosCorreo).toBe(false);
    const bad = await put({ fechaNacimiento: "3000-01-01" });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ error: INVALID_BIRTHDATE });
  });
});

describe("an admin corrects a person's data on their record", () => {
  it("with the registration's rules, audited as a correction by the admin; others get no page", async () => {
    const admin = await signedIn("admin");
    const user = await createUser({ nombre: "Luz", apellido: "Mora" });
    const params = { userId: user.id };
    const page = (await correctPage.loader(
      args(getRequest(`/admin/records/${user.id}/corregir`, admin.cookie), params),
    )) as {
      user: { nombre: string };
    };
    expect(page.user.nombre).toBe("Luz");
    const post = (fields: Record<string, string>) =>
      correctPage.action(
        args(formRequest(`/admin/records/${user.id}/corregir`, fields, { cookie: admin.cookie }), params),
      );

    const bad = dataOf<Reply>(await post({ nombre: "", apellido: "Mora", fechaNacimiento: "2010-01-01" }));
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.nombre).toEqual([REQUIRED_ALL]);

    const done = (await post({ nombre: "Luz Elena", apellido: "Mora", fechaNacimiento: "2010-01-01" })) as Response;
    expect(done.headers.get("Location")).toBe(`/admin/records?ver=${user.id}`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).nombre).toBe("Luz Elena");
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "user.profile-correct", targetId: user.id },
    });
    expect(entry).toMatchObject({ actorId: admin.user.id, detail: "nombre,fechaNacimiento" });

    const student = await signedIn("estudiante");
    const refused = await correctPage
      .loader(args(getRequest(`/admin/records/${user.id}/corregir`, student.cookie), params))
      .then(
        () => null,
        (e: unknown) => e as Response,
      );
    expect(refused?.status).toBe(302);
  });

  it("the RUT: typed any usual way, stored normalised, unique, removable; never the person's own to set", async () => {
    const admin = await signedIn("admin");
    const user = await createUser({ nombre: "Luz", apellido: "Mora" });
    const other = await createUser();
    await prisma.user.update({ where: { id: other.id }, data: { rut: "11111111-1" } });
    const params = { userId: user.id };
    const post = (rut: string) =>
      correctPage.action(
        args(
          formRequest(
            `/admin/records/${user.id}/corregir`,
            { nombre: "Luz", apellido: "Mora", fechaNacimiento: "2000-05-10", rut },
            { cookie: admin.cookie },
          ),
          params,
        ),
      );
    const rutOf = async () => (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).rut;

    const wrongDigit = dataOf<Reply>(await post("12.345.678-9"));
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.data.result.error?.rut).toEqual([INVALID_RUT]);
    const taken = dataOf<Reply>(await post("11.111.111-1"));
    expect(taken.status).toBe(409);
    expect(taken.data.result.error?.rut).toEqual([RUT_TAKEN]);
    expect(await rutOf()).toBeNull();

    expect(((await post("12.345.678-5")) as Response).status).toBe(302);
    expect(await rutOf()).toBe("12345678-5");
    const page = (await correctPage.loader(
      args(getRequest(`/admin/records/${user.id}/corregir`, admin.cookie), params),
    )) as { user: { rut: string } };
    expect(page.user.rut).toBe("12.345.678-5");
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "user.profile-correct", targetId: user.id },
    });
    expect(entry.detail).toBe("rut");

    expect(((await post("")) as Response).status).toBe(302);
    expect(await rutOf()).toBeNull();

    // The person's own profile change cannot carry a RUT (the service refuses it).
    const own = await updateProfile({ id: user.id, rol: "estudiante" }, user.id, { rut: "12345678-5" });
    expect(own).toMatchObject({ ok: false, status: 403 });
  });
});
