// Profiles: the two pages (/user/profile, /admin/profile), the avatar route and
// PUT /api/auth/users/{userId}/profile, against the real SQLite database and data directory.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { roleLabel } from "~/features/accounts/roles.ts";
import { issueApiToken } from "~/features/accounts/api-token.server.ts";
import { getSessionUser } from "~/features/accounts/session.server.ts";
import { EMAIL_TAKEN } from "~/features/accounts/register.server.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { EMAIL_CHANGE_TOO_MANY } from "~/features/accounts/email-change.server.ts";
import {
  EMAIL_CONFIRMATION_SENT,
  IMAGE_REFUSED,
  NOTHING_TO_UPDATE,
  USER_UNKNOWN,
} from "~/features/accounts/profile-schema.ts";
import { loadProfilePage, updateProfile } from "~/features/profile/profile.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { storagePath, storedExistsSync, uploadsDir } from "~/lib/storage.server.ts";
import { parseUpload, imageUploadOptions } from "~/lib/upload.server.ts";
import * as adminProfile from "~/routes/user/profile.tsx";
import * as profileApi from "~/routes/api/auth.user-profile.ts";
import * as userProfile from "~/routes/user/profile.tsx";
import * as confirmEmail from "~/routes/auth/confirm-email.tsx";
import * as avatarRoute from "~/routes/users/avatar.ts";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest as multipart,
  PNG_1PX,
  readJson,
  sessionCookie as signIn,
  thrown,
} from "../factories.ts";
import { expectErrorLog } from "../setup.ts";

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7), Buffer.from([0xff, 0xd9])]);
const TEXT = Buffer.from("hola, no soy una imagen");

function avatarFiles(): string[] {
  const dir = path.join(uploadsDir(), "avatars");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("profile pages", () => {
  it("show the profile; an admin's role reads 'Administrador'", async () => {
    const admin = await createUser({ rol: "admin", nombre: "Rosa", apellido: "Muñoz" });
    const cookie = await signIn(admin);
    const page = await adminProfile.loader(args(getRequest("/admin/profile", cookie)));
    expect(page.profile).toMatchObject({
      id: admin.id,
      nombre: "Rosa",
      apellido: "Muñoz",
      correo: admin.correo,
      rol: "admin",
      avatarUrl: null,
    });
    expect(page.profile?.fechaNacimiento).toBe("2000-05-10T12:00:00.000Z");
    expect(roleLabel(page.profile!.rol)).toBe("Administrador");
  });

  it("guard their loaders and actions themselves", async () => {
    const student = await createUser({ rol: "estudiante" });
    const cookie = await signIn(student);
    const toHome = await thrown(adminProfile.loader(args(getRequest("/admin/profile", cookie))));
    expect(toHome.headers.get("Location")).toBe("/");
    const anonymous = await thrown(userProfile.loader(args(getRequest("/user/profile"))));
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fuser%2Fprofile");

    const before = avatarFiles();
    const refused = await thrown(
      adminProfile.action(
        args(
          multipart(
            "/admin/profile",
            { correo: "x@test.cl", imagenPerfil: { bytes: PNG_1PX, name: "a.png" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(refused.headers.get("Location")).toBe("/");
    const admin = await createUser({ rol: "admin" });
    const adminToUser = await thrown(userProfile.loader(args(getRequest("/user/profile", await signIn(admin)))));
    expect(adminToUser.headers.get("Location")).toBe("/");
    expect(avatarFiles()).toEqual(before);
  });

  it("change image at once and e-mail once confirmed, keep the session, and delete the replaced file", async () => {
    const user = await createUser({ rol: "docente" });
    const cookie = await signIn(user);
    const first = await userProfile.action(
      args(
        multipart(
          "/user/profile",
          { correo: "  Nuevo.Correo@Test.CL ", imagenPerfil: { bytes: PNG_1PX, name: "yo.png" } },
          { cookie },
        ),
      ),
    );
    expect(first).toBeInstanceOf(Response);
    expect((first as Response).status).toBe(302);
    expect((first as Response).headers.get("Location")).toBe("/user/profile");
    expect((first as Response).headers.get("Set-Cookie")).toContain("academia_flash");

    // The image changes at once; the new e-mail waits for the link sent to it.
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).correo).toBe(user.correo);
    const link = /\/confirmar-correo\/([A-Za-z0-9_-]{43})/.exec(
      (await prisma.outboxMail.findFirstOrThrow({ where: { to: "nuevo.correo@test.cl", kind: "email.confirm" } })).text,
    );
    expect(
      dataOf(await confirmEmail.action(args(formRequest(`/confirmar-correo/${link![1]}`, {}), { token: link![1]! }))),
    ).toMatchObject({ status: 200, data: { ok: true } });

    const saved = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved.correo).toBe("nuevo.correo@test.cl");
    expect(saved.imagenPerfil).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(fs.readFileSync(storagePath(saved.imagenPerfil!))).toEqual(PNG_1PX);
    // The session survives an e-mail change.
    expect((await getSessionUser(getRequest("/", cookie)))?.correo).toBe("nuevo.correo@test.cl");

    const page = await userProfile.loader(args(getRequest("/user/profile", cookie)));
    expect(page.profile?.avatarUrl).toMatch(new RegExp(`^/usuarios/${user.id}/imagen\\?v=`));

    await userProfile.action(
      args(
        multipart("/user/profile", { correo: saved.correo, imagenPerfil: { bytes: JPEG, name: "b.jpg" } }, { cookie }),
      ),
    );
    const replaced = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(replaced.imagenPerfil).toMatch(/\.jpg$/);
    expect(storedExistsSync(replaced.imagenPerfil!)).toBe(true);
    expect(storedExistsSync(saved.imagenPerfil!)).toBe(false);

    await userProfile.action(
      args(multipart("/user/profile", { correo: saved.correo, quitarImagen: "on" }, { cookie })),
    );
    const removed = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(removed.imagenPerfil).toBeNull();
    expect(storedExistsSync(replaced.imagenPerfil!)).toBe(false);
  });

  it("refuse a text file named .png, keep the typed e-mail and leave nothing behind", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    const before = avatarFiles();
    const result = dataOf(
      await userProfile.action(
        args(
          multipart(
            "/user/profile",
            { correo: "escrito@test.cl", imagenPerfil: { bytes: TEXT, name: "foto.png" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.result?.error?.[""]).toEqual([IMAGE_REFUSED]);
    expect(result.data.result?.error?.imagenPerfil).toEqual(["El archivo debe ser una imagen JPEG, PNG o WebP."]);
    expect(result.data.result?.initialValue?.correo).toBe("escrito@test.cl");
    expect(avatarFiles()).toEqual(before);
    const saved = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved.correo).toBe(user.correo);
    expect(saved.imagenPerfil).toBeNull();
  });

  it("refuse an oversize image with 413 and leave nothing behind", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    const before = avatarFiles();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const result = dataOf(
      await userProfile.action(
        args(
          multipart("/user/profile", { correo: user.correo, imagenPerfil: { bytes: big, name: "g.png" } }, { cookie }),
        ),
      ),
    );
    expect(result.status).toBe(413);
    expect(result.data.result?.error?.[""]?.[0]).toBe(`${IMAGE_REFUSED}: La imagen supera el máximo de 5 MB.`);
    expect(avatarFiles()).toEqual(before);
  });

  it("refuse an e-mail change over the account's budget (and drop the image sent with it)", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    // Another account's address is answered like a free one (email-change.test.ts); both count.
    await createUser({ correo: "ocupado@test.cl" });
    for (let i = 0; i < BUDGETS.emailChangeUserHour.points; i++) {
      const correo = i === 0 ? "OCUPADO@test.cl" : `libre-${i}@test.cl`;
      const sent = (await userProfile.action(args(multipart("/user/profile", { correo }, { cookie })))) as Response;
      expect(sent.status).toBe(302);
    }
    const before = avatarFiles();
    const result = dataOf(
      await userProfile.action(
        args(
          multipart(
            "/user/profile",
            { correo: "uno-mas@test.cl", imagenPerfil: { bytes: PNG_1PX, name: "a.png" } },
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(429);
    expect(result.data.result?.error?.correo).toEqual([EMAIL_CHANGE_TOO_MANY]);
    expect(avatarFiles()).toEqual(before);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).correo).toBe(user.correo);
  });

  it("refuse an invalid e-mail", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    const result = dataOf(
      await userProfile.action(args(multipart("/user/profile", { correo: "no-es-correo" }, { cookie }))),
    );
    expect(result.status).toBe(400);
    expect(result.data.result?.error?.correo?.[0]).toMatch(/correo/i);
  });

  it("say 'Usuario no identificado' when the record is missing", async () => {
    expect(await loadProfilePage("no-existe")).toEqual({ profile: null, unknownMessage: USER_UNKNOWN });
  });
});

describe("profile service", () => {
  it("deletes the new file when the database update fails", async () => {
    const user = await createUser();
    const upload = await parseUpload(
      new Request("http://localhost:3000/x", {
        method: "POST",
        body: (() => {
          const f = new FormData();
          f.append("imagenPerfil", new Blob([PNG_1PX]), "a.png");
          return f;
        })(),
      }),
      imageUploadOptions("avatars", ["imagenPerfil"]),
    );
    const image = upload.files.get("imagenPerfil")!;
    expect(storedExistsSync(image.key)).toBe(true);
    const spy = vi.spyOn(prisma, "$transaction").mockRejectedValueOnce(new Error("base de datos caída"));
    await expect(updateProfile(user, user.id, { image })).rejects.toThrow("base de datos caída");
    spy.mockRestore();
    expect(storedExistsSync(image.key)).toBe(false);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).imagenPerfil).toBeNull();

    const unknown = await parseUpload(
      new Request("http://localhost:3000/x", {
        method: "POST",
        body: (() => {
          const f = new FormData();
          f.append("imagenPerfil", new Blob([PNG_1PX]), "a.png");
          return f;
        })(),
      }),
      imageUploadOptions("avatars", ["imagenPerfil"]),
    );
    const gone = unknown.files.get("imagenPerfil")!;
    expect(await updateProfile({ id: "no-existe", rol: "estudiante" }, "no-existe", { image: gone })).toMatchObject({
      ok: false,
      status: 404,
      message: USER_UNKNOWN,
    });
    expect(storedExistsSync(gone.key)).toBe(false);
  });

  it("shows a clear error page message when something unexpected fails", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    expectErrorLog();
    const spy = vi.spyOn(prisma, "$transaction").mockRejectedValueOnce(new Error("caída"));
    const result = dataOf(
      await userProfile.action(args(multipart("/user/profile", { correo: "z@test.cl" }, { cookie }))),
    );
    spy.mockRestore();
    expect(result.status).toBe(500);
    expect(result.data.result?.error?.[""]).toEqual(["Error al actualizar"]);
  });
});

describe("/usuarios/:userId/imagen", () => {
  it("serves the avatar to signed-in users only, with its type and a private cache", async () => {
    const owner = await createUser();
    await userProfile.action(
      args(
        multipart(
          "/user/profile",
          { correo: owner.correo, imagenPerfil: { bytes: PNG_1PX, name: "a.png" } },
          { cookie: await signIn(owner) },
        ),
      ),
    );
    const viewer = await createUser({ rol: "comunidad" });
    const ok = await avatarRoute.loader(
      args(getRequest(`/usuarios/${owner.id}/imagen`, await signIn(viewer)), { userId: owner.id }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/png");
    expect(ok.headers.get("Cache-Control")).toMatch(/^private/);
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(ok.headers.get("Content-Security-Policy")).toBe("sandbox");
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(PNG_1PX);

    const anonymous = await avatarRoute.loader(args(getRequest(`/usuarios/${owner.id}/imagen`), { userId: owner.id }));
    expect(anonymous.status).toBe(401);
    const none = await avatarRoute.loader(
      args(getRequest(`/usuarios/${viewer.id}/imagen`, await signIn(viewer)), { userId: viewer.id }),
    );
    expect(none.status).toBe(404);
    const token = await issueApiToken(viewer);
    const bearer = new Request(`http://localhost:3000/usuarios/${owner.id}/imagen`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await avatarRoute.loader(args(bearer, { userId: owner.id }))).status).toBe(200);
    // A token that is no token: the plain 401, not an error page.
    const forged = new Request(`http://localhost:3000/usuarios/${owner.id}/imagen`, {
      headers: { Authorization: "Bearer no-es-un-token" },
    });
    expect((await avatarRoute.loader(args(forged, { userId: owner.id }))).status).toBe(401);
  });
});

describe("PUT /api/auth/users/{userId}/profile", () => {
  const put = (id: string, body: unknown, token?: string) =>
    profileApi.action(
      args(jsonRequest(`/api/auth/users/${id}/profile`, body, { method: "PUT", token }), { userId: id }),
    );

  it("lets a user change their own e-mail (JSON, once confirmed) and image (multipart)", async () => {
    const user = await createUser();
    const token = await issueApiToken(user);
    const json = await put(user.id, { correo: "Api.Propio@test.cl" }, token);
    expect(json.status).toBe(200);
    const body = await readJson(json);
    expect(body.message).toBe(EMAIL_CONFIRMATION_SENT("api.propio@test.cl"));
    expect(body.correoPendiente).toBe("api.propio@test.cl");
    expect(body.user).toMatchObject({ id: user.id, correo: user.correo, imagenPerfil: null });
    const link = /\/confirmar-correo\/([A-Za-z0-9_-]{43})/.exec(
      (await prisma.outboxMail.findFirstOrThrow({ where: { to: "api.propio@test.cl", kind: "email.confirm" } })).text,
    );
    expect(
      dataOf(await confirmEmail.action(args(formRequest(`/confirmar-correo/${link![1]}`, {}), { token: link![1]! }))),
    ).toMatchObject({ status: 200, data: { ok: true } });

    const response = await profileApi.action(
      args(
        multipart(
          `/api/auth/users/${user.id}/profile`,
          { imagenPerfil: { bytes: PNG_1PX, name: "a.png" } },
          { token, method: "PUT" },
        ),
        { userId: user.id },
      ),
    );
    expect(response.status).toBe(200);
    expect((await readJson(response)).user).toMatchObject({
      correo: "api.propio@test.cl",
      imagenPerfil: `/usuarios/${user.id}/imagen`,
    });
    const saved = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(storedExistsSync(saved.imagenPerfil!)).toBe(true);

    const removed = await put(user.id, { imagenPerfil: null }, token);
    expect(removed.status).toBe(200);
    expect(storedExistsSync(saved.imagenPerfil!)).toBe(false);
  });

  it("refuses another user's profile (403), lets an admin change it", async () => {
    const user = await createUser();
    const other = await createUser();
    const before = avatarFiles();
    const forbidden = await profileApi.action(
      args(
        multipart(
          `/api/auth/users/${other.id}/profile`,
          { imagenPerfil: { bytes: PNG_1PX, name: "a.png" } },
          { token: await issueApiToken(user), method: "PUT" },
        ),
        { userId: other.id },
      ),
    );
    expect(forbidden.status).toBe(403);
    expect(await readJson(forbidden)).toEqual({ error: "No tienes permiso para modificar este perfil." });
    expect(avatarFiles()).toEqual(before);

    const admin = await createUser({ rol: "admin" });
    const ok = await put(other.id, { correo: "por-admin@test.cl" }, await issueApiToken(admin));
    expect(ok.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).correo).toBe("por-admin@test.cl");
  });

  it("answers 401 without a token, 404 for an unknown id, 409 for a taken e-mail", async () => {
    const user = await createUser();
    const noToken = await put(user.id, { correo: "x@test.cl" });
    expect(noToken.status).toBe(401);
    expect(await readJson(noToken)).toEqual({ error: "No se encontró token de autenticación." });
    const bad = await put(user.id, { correo: "x@test.cl" }, "no-es-un-token");
    expect(bad.status).toBe(401);

    const admin = await createUser({ rol: "admin" });
    const adminToken = await issueApiToken(admin);
    const missing = await put("no-existe", { correo: "x@test.cl" }, adminToken);
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).error).toEqual(expect.any(String));

    const taken = await put(user.id, { correo: admin.correo.toUpperCase() }, adminToken);
    expect(taken.status).toBe(409);
    expect(await readJson(taken)).toEqual({ error: EMAIL_TAKEN });
  });

  it("answers bad bodies with a Spanish 4xx and leaves no file", async () => {
    const user = await createUser();
    const token = await issueApiToken(user);
    const before = avatarFiles();
    const url = `/api/auth/users/${user.id}/profile`;

    const malformed = new Request(`http://localhost:3000${url}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="imagenPerfil"; filename="a.png"\r\n\r\n\x89PNG',
    });
    const r1 = await profileApi.action(args(malformed, { userId: user.id }));
    expect(r1.status).toBe(400);
    expect(await readJson(r1)).toEqual({ error: "Formulario mal formado." });

    const text = await profileApi.action(
      args(multipart(url, { imagenPerfil: { bytes: TEXT, name: "a.png" } }, { token, method: "PUT" }), {
        userId: user.id,
      }),
    );
    expect(text.status).toBe(400);
    expect(await readJson(text)).toEqual({ error: "El archivo debe ser una imagen JPEG, PNG o WebP." });

    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await profileApi.action(
      args(multipart(url, { imagenPerfil: { bytes: big, name: "a.png" } }, { token, method: "PUT" }), {
        userId: user.id,
      }),
    );
    expect(tooBig.status).toBe(413);
    expect(await readJson(tooBig)).toEqual({ error: "La imagen supera el máximo de 5 MB." });

    const badEmail = await profileApi.action(
      args(
        multipart(url, { correo: "nope", imagenPerfil: { bytes: PNG_1PX, name: "a.png" } }, { token, method: "PUT" }),
        {
          userId: user.id,
        },
      ),
    );
    expect(badEmail.status).toBe(400);

    expect((await put(user.id, {}, token)).status).toBe(400);
    expect(await readJson(await put(user.id, {}, token))).toEqual({ error: NOTHING_TO_UPDATE });
    expect((await put(user.id, { imagenPerfil: "https://evil.example/x.png" }, token)).status).toBe(400);
    const brokenJson = await profileApi.action(
      args(jsonRequest(url, null, { method: "PUT", token, raw: "{correo:" }), { userId: user.id }),
    );
    expect(brokenJson.status).toBe(400);
    expect(avatarFiles()).toEqual(before);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).imagenPerfil).toBeNull();
  });

  it("answers other methods with 405", async () => {
    const user = await createUser();
    const response = await profileApi.action(
      args(jsonRequest(`/api/auth/users/${user.id}/profile`, {}, { method: "POST" }), { userId: user.id }),
    );
    expect(response.status).toBe(405);
  });
});
