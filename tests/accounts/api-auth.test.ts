// /api/auth/*: JSON in, JSON out, Bearer tokens checked on the server, never a 500 on bad input.
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { BAD_TOKEN, NO_TOKEN } from "~/features/accounts/api-token.server.ts";
import * as loginApi from "~/routes/api/auth.login.ts";
import * as registerApi from "~/routes/api/auth.register.ts";
import * as usersApi from "~/routes/api/auth.users.ts";
import * as approveApi from "~/routes/api/auth.approve.ts";
import * as userApi from "~/routes/api/auth.user.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import { args, cookieFrom, createUser, formRequest, jsonRequest, readJson, TEST_PASSWORD } from "../factories.ts";

async function tokenFor(rol: string, over: { aprobado?: boolean } = {}) {
  const user = await createUser({ rol, ...over });
  const response = await loginApi.action(
    args(jsonRequest("/api/auth/login", { correo: user.correo, password: TEST_PASSWORD })),
  );
  const body = await readJson(response);
  return { user, token: body.token as string, response, body };
}

describe("POST /api/auth/login", () => {
  it("returns the user and a signed, expiring JWT carrying the id", async () => {
    const { user, response, body, token } = await tokenFor("docente");
    expect(response.status).toBe(200);
    expect(body.user).toMatchObject({
      id: user.id,
      correo: user.correo,
      rol: "docente",
      nombre: "Ana",
      apellido: "Pérez",
    });
    expect(body.user).not.toHaveProperty("passwordHash");
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(payload.sub).toBe(user.id);
    expect(payload.exp).toBeGreaterThan(payload.iat);
    expect(JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()).alg).toBe("HS256");
  });

  it.each([
    ["malformed JSON", { raw: "{correo:" }, 400],
    ["an array body", { raw: "[1,2]" }, 400],
    ["wrong types", { raw: JSON.stringify({ correo: 12, password: ["x"] }) }, 400],
    ["a huge string", { raw: JSON.stringify({ correo: `${"a".repeat(70_000)}@x.cl`, password: "x" }) }, 413],
  ])("answers %s with a Spanish 4xx JSON error", async (_name, init, status) => {
    const response = await loginApi.action(args(jsonRequest("/api/auth/login", null, init)));
    expect(response.status).toBe(status);
    const body = await readJson(response);
    expect(typeof body.error).toBe("string");
    expect(body.error).toMatch(/[a-záéíóúñ]/i);
  });

  it("refuses a pending account with 403", async () => {
    const user = await createUser({ aprobado: false });
    const response = await loginApi.action(
      args(jsonRequest("/api/auth/login", { correo: user.correo, password: TEST_PASSWORD })),
    );
    expect(response.status).toBe(403);
  });
});

describe("POST /api/auth/register", () => {
  it("creates a pending account; refuses the admin role", async () => {
    const body = {
      nombre: "Pedro",
      apellido: "Ulloa",
      correo: "pedro@test.cl",
      fechaNacimiento: "1990-01-01",
      rol: "comunidad",
      password: "bosque nativo sur",
      confirmarPassword: "bosque nativo sur",
    };
    const ok = await registerApi.action(args(jsonRequest("/api/auth/register", body)));
    expect(ok.status).toBe(201);
    expect((await prisma.user.findUniqueOrThrow({ where: { correo: "pedro@test.cl" } })).aprobado).toBe(false);

    const admin = await registerApi.action(
      args(jsonRequest("/api/auth/register", { ...body, correo: "p2@test.cl", rol: "admin" })),
    );
    expect(admin.status).toBe(400);
    expect(await prisma.user.count({ where: { correo: "p2@test.cl" } })).toBe(0);

    const mismatch = await registerApi.action(
      args(jsonRequest("/api/auth/register", { ...body, correo: "p3@test.cl", confirmarPassword: "otra" })),
    );
    expect(await readJson(mismatch)).toEqual({ error: "Las contraseñas no coinciden." });
  });
});

describe("admin user API", () => {
  it("requires a token: none → 401 'No se encontró token…', garbage → 401 'Token inválido…'", async () => {
    const none = await usersApi.loader(args(jsonRequest("/api/auth/users", null, { method: "GET" })));
    expect(none.status).toBe(401);
    expect(await readJson(none)).toEqual({ error: NO_TOKEN });
    const bad = await usersApi.loader(
      args(jsonRequest("/api/auth/users", null, { method: "GET", token: "abc.def.ghi" })),
    );
    expect(bad.status).toBe(401);
    expect(await readJson(bad)).toEqual({ error: BAD_TOKEN });
  });

  it("refuses a token without an id or signed with another secret", async () => {
    const forged = await new SignJWT({ rol: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("academia")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("otro secreto cualquiera de 32 caracteres"));
    const response = await usersApi.loader(
      args(jsonRequest("/api/auth/users", null, { method: "GET", token: forged })),
    );
    expect(response.status).toBe(401);
  });

  it("lets only admins list, approve and delete", async () => {
    const admin = await tokenFor("admin");
    const student = await tokenFor("estudiante");
    const pending = await createUser({ aprobado: false });

    const list = await usersApi.loader(
      args(jsonRequest("/api/auth/users", null, { method: "GET", token: admin.token })),
    );
    expect(list.status).toBe(200);
    const users = (await list.json()) as Array<{ id: string; aprobado: boolean }>;
    expect(users[0]?.aprobado).toBe(false); // pending first
    expect(users.some((u) => u.id === pending.id)).toBe(true);

    const forbidden = await approveApi.action(
      args(jsonRequest(`/api/auth/approve/${pending.id}`, null, { method: "PUT", token: student.token }), {
        userId: pending.id,
      }),
    );
    expect(forbidden.status).toBe(403);

    const approved = await approveApi.action(
      args(jsonRequest(`/api/auth/approve/${pending.id}`, null, { method: "PUT", token: admin.token }), {
        userId: pending.id,
      }),
    );
    expect(approved.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).aprobado).toBe(true);

    const missing = await approveApi.action(
      args(jsonRequest(`/api/auth/approve/nope`, null, { method: "PUT", token: admin.token }), { userId: "nope" }),
    );
    expect(missing.status).toBe(404);

    const self = await userApi.action(
      args(jsonRequest(`/api/auth/users/${admin.user.id}`, null, { method: "DELETE", token: admin.token }), {
        userId: admin.user.id,
      }),
    );
    expect(self.status).toBe(400);

    const deleted = await userApi.action(
      args(jsonRequest(`/api/auth/users/${student.user.id}`, null, { method: "DELETE", token: admin.token }), {
        userId: student.user.id,
      }),
    );
    expect(deleted.status).toBe(200);
    // The deleted user's token stops working at once.
    const after = await usersApi.loader(
      args(jsonRequest("/api/auth/users", null, { method: "GET", token: student.token })),
    );
    expect(after.status).toBe(401);
  });

  it("refuses a cookie-authenticated state change from another origin (CSRF)", async () => {
    const admin = await createUser({ rol: "admin" });
    const pending = await createUser({ aprobado: false });
    const loginResponse = (await loginRoute.action(
      args(formRequest("/login", { correo: admin.correo, password: TEST_PASSWORD })),
    )) as Response;
    const cookie = cookieFrom(loginResponse);
    const evil = await approveApi.action(
      args(
        jsonRequest(`/api/auth/approve/${pending.id}`, null, { method: "PUT", cookie, origin: "https://evil.example" }),
        { userId: pending.id },
      ),
    );
    expect(evil.status).toBe(403);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).aprobado).toBe(false);
    const same = await approveApi.action(
      args(
        jsonRequest(`/api/auth/approve/${pending.id}`, null, {
          method: "PUT",
          cookie,
          origin: "http://localhost:3000",
        }),
        { userId: pending.id },
      ),
    );
    expect(same.status).toBe(200);
  });
});
