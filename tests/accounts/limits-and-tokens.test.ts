// School-friendly limits (a lab of 40 behind one IP works; guessing is still stopped; the
// rightful owner is never locked out) and API tokens that end (logout, suspension, deletion).
import { describe, expect, it } from "vitest";
import { API_TOKEN_TTL_S, TOKEN_ENDED } from "~/features/accounts/api-token.server.ts";
import { ACCOUNT_SUSPENDED } from "~/features/accounts/login.server.ts";
import { getSessionUser } from "~/features/accounts/session.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import * as adminRecords from "~/routes/admin/records.tsx";
import * as apiApprove from "~/routes/api/auth.approve.ts";
import * as apiEnrolled from "~/routes/api/auth.enrolled-courses.ts";
import * as apiLogin from "~/routes/api/auth.login.ts";
import * as apiLogout from "~/routes/api/auth.logout.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as apiSuspend from "~/routes/api/auth.suspend.ts";
import * as apiDeleteUser from "~/routes/api/auth.user.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import * as registerRoute from "~/routes/auth/register.tsx";
import {
  args,
  cookieFrom,
  createUser,
  formRequest,
  getRequest,
  readJson,
  signedIn,
  TEST_PASSWORD,
} from "../factories.ts";

/** A JSON request from a given client IP (what server/index.ts puts in x-academia-client-ip). */
function fromIp(ip: string, path: string, body: unknown, init: { method?: string; token?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/json", "x-academia-client-ip": ip });
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  const method = init.method ?? "POST";
  return new Request(`http://localhost:3000${path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
}

const apiSignIn = (ip: string, correo: string, password: string) =>
  apiLogin.action(args(fromIp(ip, "/api/auth/login", { correo, password })));

function student(i: number) {
  return {
    nombre: `Estudiante ${i}`,
    apellido: "Laboratorio",
    correo: `lab-${i}@liceo.cl`,
    fechaNacimiento: "2009-04-0" + ((i % 9) + 1),
    rol: "estudiante",
    password: `clave larga del curso ${i}`,
    confirmarPassword: `clave larga del curso ${i}`,
  };
}

describe("a school lab behind one IP", () => {
  it("40 students register (half by form, half by API), then all sign in, with some typos", async () => {
    const ip = "200.1.2.3";
    for (let i = 0; i < 40; i++) {
      const fields = student(i);
      if (i % 2 === 0) {
        const response = await registerRoute.action(args(formRequest("/registro", fields, { ip })));
        expect(response instanceof Response ? response.status : 200).toBeLessThan(400);
      } else {
        expect((await apiRegister.action(args(fromIp(ip, "/api/auth/register", fields)))).status).toBe(201);
      }
    }
    expect(await prisma.user.count({ where: { correo: { startsWith: "lab-" } } })).toBe(40);
    await prisma.user.updateMany({
      where: { correo: { startsWith: "lab-" } },
      data: { aprobado: true, aprobadoEn: new Date() },
    });

    for (let i = 0; i < 40; i++) {
      const { correo, password } = student(i);
      // Every fourth student mistypes the password twice first.
      if (i % 4 === 0) {
        for (const typo of ["clave", "Clave larga"]) expect((await apiSignIn(ip, correo, typo)).status).toBe(401);
      }
      if (i % 2 === 0) {
        const response = (await loginRoute.action(
          args(formRequest("/login", { correo, password }, { ip })),
        )) as Response;
        expect(response.status).toBe(302);
      } else {
        expect((await apiSignIn(ip, correo, password)).status).toBe(200);
      }
    }
  });
});

describe("password guessing", () => {
  it("stops after 10 wrong passwords for an account from anywhere, with Retry-After (tests/accounts/login-limits.test.ts: the owner's browser stays open)", async () => {
    const owner = await createUser();
    const attacker = "66.6.6.6";
    for (let i = 0; i < BUDGETS.loginFailuresAccount.points; i++) {
      expect((await apiSignIn(attacker, owner.correo, `adivinanza-${i}`)).status).toBe(401);
    }
    const refused = await apiSignIn(attacker, owner.correo, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(refused)).toEqual({ error: TOO_MANY_REQUESTS });
    expect((await apiSignIn("181.40.1.1", owner.correo, TEST_PASSWORD)).status).toBe(429);
  });

  it("stops a spray over many accounts at ~100 failures per IP in 15 minutes", async () => {
    const ip = "77.7.7.7";
    const victim = await createUser();
    for (let i = 0; i < BUDGETS.loginFailuresIp.points; i++) {
      expect((await apiSignIn(ip, `nadie-${i}@test.cl`, "contraseña-al-azar")).status).toBe(401);
    }
    const refused = await apiSignIn(ip, victim.correo, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await apiSignIn("77.7.7.8", victim.correo, TEST_PASSWORD)).status).toBe(200);
  });

  it("successful sign-ins spend nothing", async () => {
    const user = await createUser();
    for (let i = 0; i < BUDGETS.loginFailuresIp.points + 5; i++) {
      expect((await apiSignIn("88.8.8.8", user.correo, TEST_PASSWORD)).status).toBe(200);
    }
  });
});

describe("API tokens end", () => {
  const enrolled = (userId: string, token: string) =>
    apiEnrolled.loader(
      args(fromIp("10.3.3.3", `/api/auth/${userId}/cursos-inscritos`, null, { method: "GET", token }), { userId }),
    );

  it("POST /api/auth/logout revokes that token only", async () => {
    const { user, token } = await signedIn();
    const other = (await readJson(await apiSignIn("10.3.3.4", user.correo, TEST_PASSWORD))).token as string;
    expect((await enrolled(user.id, token)).status).toBe(200);

    const out = await apiLogout.action(args(fromIp("10.3.3.3", "/api/auth/logout", null, { token })));
    expect(out.status).toBe(200);
    const after = await enrolled(user.id, token);
    expect(after.status).toBe(401);
    expect(await readJson(after)).toEqual({ error: TOKEN_ENDED });
    expect((await apiLogout.action(args(fromIp("10.3.3.3", "/api/auth/logout", null, { token })))).status).toBe(401);
    expect((await enrolled(user.id, other)).status).toBe(200);
    // Without a token: 401 JSON.
    expect((await apiLogout.action(args(fromIp("10.3.3.3", "/api/auth/logout", null)))).status).toBe(401);
  });

  it("a token is a server-side record that expires with the JWT", async () => {
    const { user } = await signedIn();
    const rows = await prisma.session.findMany({ where: { userId: user.id, kind: "api" } });
    expect(rows).toHaveLength(1);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(ttl - API_TOKEN_TTL_S * 1000)).toBeLessThan(5_000);
  });

  it("suspension ends sessions and tokens; re-approval does not bring them back", async () => {
    const admin = await signedIn("admin");
    const { user, cookie, token } = await signedIn("docente");
    const suspended = await apiSuspend.action(
      args(fromIp("10.4.4.4", `/api/auth/suspend/${user.id}`, {}, { method: "PUT", token: admin.token }), {
        userId: user.id,
      }),
    );
    expect(suspended.status).toBe(200);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await enrolled(user.id, token)).status).toBe(401);
    expect(await getSessionUser(getRequest("/user", cookie))).toBeNull();
    // The person is told why they cannot sign in.
    const login = await apiSignIn("10.4.4.5", user.correo, TEST_PASSWORD);
    expect(login.status).toBe(403);
    expect(await readJson(login)).toEqual({ error: ACCOUNT_SUSPENDED });

    const approved = await apiApprove.action(
      args(fromIp("10.4.4.4", `/api/auth/approve/${user.id}`, {}, { method: "PUT", token: admin.token }), {
        userId: user.id,
      }),
    );
    expect(approved.status).toBe(200);
    expect((await enrolled(user.id, token)).status).toBe(401);
    expect(await getSessionUser(getRequest("/user", cookie))).toBeNull();
    expect((await apiSignIn("10.4.4.5", user.correo, TEST_PASSWORD)).status).toBe(200);
  });

  it("an admin suspends from Registros (plain form), never themselves; other roles cannot", async () => {
    const admin = await signedIn("admin");
    const target = await signedIn("estudiante");
    const response = (await adminRecords.action(
      args(formRequest("/admin/records", { intent: "suspend", userId: target.user.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: target.user.id } })).toMatchObject({ aprobado: false });
    expect(await prisma.session.count({ where: { userId: target.user.id } })).toBe(0);
    const page = await adminRecords.loader(args(getRequest("/admin/records", admin.cookie)));
    expect(page.users.find((u) => u.id === target.user.id)).toMatchObject({ aprobado: false });

    await adminRecords.action(
      args(formRequest("/admin/records", { intent: "suspend", userId: admin.user.id }, { cookie: admin.cookie })),
    );
    expect(await prisma.user.findUniqueOrThrow({ where: { id: admin.user.id } })).toMatchObject({ aprobado: true });

    const docente = await signedIn("docente");
    const other = await createUser();
    const forbidden = await apiSuspend.action(
      args(fromIp("10.4.4.6", `/api/auth/suspend/${other.id}`, {}, { method: "PUT", token: docente.token }), {
        userId: other.id,
      }),
    );
    expect(forbidden.status).toBe(403);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ aprobado: true });
  });

  it("deletion ends the tokens", async () => {
    const admin = await signedIn("admin");
    const { user, token } = await signedIn();
    const deleted = await apiDeleteUser.action(
      args(fromIp("10.5.5.5", `/api/auth/users/${user.id}`, null, { method: "DELETE", token: admin.token }), {
        userId: user.id,
      }),
    );
    expect(deleted.status).toBe(200);
    expect((await enrolled(user.id, token)).status).toBe(401);
  });

  it("a browser session cookie cannot be replayed as an API token and vice versa", async () => {
    const { cookie, token } = await signedIn();
    expect(cookieFrom(new Response(null, { headers: { "Set-Cookie": cookie } }))).toBe(cookie);
    // The token's row is kind "api": presenting its id as a cookie value finds no web session.
    expect(await getSessionUser(getRequest("/user", `academia_session=${token}`))).toBeNull();
  });
});

describe("limits shared by every app instance", () => {
  it("failures counted by another instance (its own database client) spend the same budget", async () => {
    const { RateLimiterPrisma } = await import("rate-limiter-flexible");
    const { createPrismaClient } = await import("~/lib/db.server.ts");
    const other = createPrismaClient(process.env.DATABASE_URL!);
    try {
      const owner = await createUser();
      const ip = "99.1.1.1";
      const key = owner.correo;
      // The other instance records 6 wrong passwords, this one 4: the 11th attempt is refused here.
      const remote = new RateLimiterPrisma({
        storeClient: other,
        tableName: "rateLimit",
        keyPrefix: "loginFailuresAccount",
        ...BUDGETS.loginFailuresAccount,
      });
      for (let i = 0; i < 6; i++) await remote.penalty(key, 1);
      for (let i = 0; i < 4; i++) expect((await apiSignIn(ip, owner.correo, `mal-${i}`)).status).toBe(401);
      expect((await apiSignIn(ip, owner.correo, TEST_PASSWORD)).status).toBe(429);
      expect((await remote.get(key))?.consumedPoints).toBe(10);
    } finally {
      await other.$disconnect();
    }
  });
});
