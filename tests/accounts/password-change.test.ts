// 'Cambiar contraseña' and 'Sesiones abiertas' on /user/profile and /admin/profile, and
// POST /api/auth/change-password, against the real SQLite database: the current password is
// required (a wrong one is a field error, changes nothing and spends the account's own budget),
// the registration's rules hold, a change ends every other session and token but the caller's,
// and the person sees and closes their other browser sessions.
import { describe, expect, it } from "vitest";
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  OPEN_SESSIONS_SHOWN,
  PASSWORD_CHANGED,
} from "~/features/accounts/account-security.ts";
import { issueApiToken, verifyApiToken } from "~/features/accounts/api-token.server.ts";
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from "~/features/accounts/texts.ts";
import { COMMON_PASSWORD } from "~/features/accounts/register.server.ts";
import { createUserSession, getSessionUser } from "~/features/accounts/session.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { readFlash } from "~/lib/flash.server.ts";
import { verifyPassword } from "~/lib/password.server.ts";
import * as adminProfile from "~/routes/user/profile.tsx";
import * as changePasswordApi from "~/routes/api/auth.change-password.ts";
import * as courseList from "~/routes/api/cursos.list.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import * as userProfile from "~/routes/user/profile.tsx";
import {
  args,
  cookieFrom,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  sessionCookie,
  signedIn,
  TEST_PASSWORD,
} from "../factories.ts";

const NEW_PASSWORD = "lluvia sobre valdivia";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
type PageData = { intent?: string; result?: Reply };

/** The password form of a profile page, as the browser posts it. */
function changeForm(path: string, cookie: string, fields: Record<string, string>) {
  return formRequest(path, { intent: "cambiar-contrasena", ...fields }, { cookie });
}

const change = (cookie: string, passwordActual: string, password = NEW_PASSWORD, confirmarPassword = password) =>
  userProfile.action(args(changeForm("/user/profile", cookie, { passwordActual, password, confirmarPassword })));

/** An action's answer: a redirect (Response) or `data(...)` with its status and headers. */
function answerOf(value: unknown) {
  if (value instanceof Response) return { status: value.status, data: {} as PageData, headers: value.headers };
  const { data, status } = dataOf<PageData>(value);
  const init = (value as { init?: { headers?: HeadersInit } | null }).init;
  return { status, data, headers: new Headers(init?.headers) };
}

async function flashOf(response: Response) {
  return (await readFlash(getRequest("/", cookieFrom(response)))).flash?.message;
}

async function passwordIs(userId: string, password: string) {
  const { passwordHash } = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
  return verifyPassword(password, passwordHash);
}

/** A browser session signed in through /login with this User-Agent (the device label comes from it). */
async function signInFrom(user: { correo: string }, userAgent: string | null) {
  const request = formRequest("/login", { correo: user.correo, password: TEST_PASSWORD });
  if (userAgent) request.headers.set("User-Agent", userAgent);
  const response = (await loginRoute.action(args(request))) as Response;
  expect(response.status).toBe(302);
  return cookieFrom(response);
}

/** An API call with a token: 200 while the token lives, 401 once it ended. */
async function apiStatus(token: string) {
  return (await courseList.loader(args(jsonRequest("/api/cursos/lista", undefined, { method: "GET", token })))).status;
}

describe("'Cambiar contraseña' in the profile", () => {
  it("refuses a wrong current password with the field's message and changes nothing", async () => {
    const { user, cookie, token } = await signedIn();
    const other = await sessionCookie(user);
    const answer = answerOf(await change(cookie, "no-es-la-clave"));
    expect(answer.status).toBe(400);
    expect(answer.data.intent).toBe("cambiar-contrasena");
    expect(answer.data.result?.error?.passwordActual).toEqual([CURRENT_PASSWORD_WRONG]);
    // The passwords typed never come back to the page.
    expect(JSON.stringify(answer.data.result?.initialValue ?? {})).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(answer.data.result?.initialValue ?? {})).not.toContain("no-es-la-clave");

    expect(await passwordIs(user.id, TEST_PASSWORD)).toBe(true);
    expect((await getSessionUser(getRequest("/", cookie)))?.id).toBe(user.id);
    expect((await getSessionUser(getRequest("/", other)))?.id).toBe(user.id);
    expect(await apiStatus(token)).toBe(200);
  });

  it("changes it, keeps this browser's session and ends every other session and API token", async () => {
    const { user, cookie, token } = await signedIn();
    const otherBrowser = await signInFrom(user, FIREFOX_WINDOWS);
    const otherToken = await issueApiToken(user);
    const stranger = await signedIn();

    const response = await change(cookie, TEST_PASSWORD);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/user/profile");
    expect(await flashOf(response as Response)).toBe(PASSWORD_CHANGED);

    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    expect(await passwordIs(user.id, TEST_PASSWORD)).toBe(false);
    // This browser stays; the other browser and both tokens are out.
    expect((await getSessionUser(getRequest("/user/profile", cookie)))?.id).toBe(user.id);
    expect(await getSessionUser(getRequest("/", otherBrowser))).toBeNull();
    expect((await verifyApiToken(token)).ok).toBe(false);
    expect(await apiStatus(token)).toBe(401);
    expect(await apiStatus(otherToken)).toBe(401);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
    // Nobody else is touched.
    expect((await getSessionUser(getRequest("/", stranger.cookie)))?.id).toBe(stranger.user.id);
    expect(await apiStatus(stranger.token)).toBe(200);
    // The new password signs in; the audit log has the change.
    const again = (await loginRoute.action(
      args(formRequest("/login", { correo: user.correo, password: NEW_PASSWORD })),
    )) as Response;
    expect(again.status).toBe(302);
    const entry = await prisma.auditLog.findFirst({ where: { action: "user.password-change", actorId: user.id } });
    expect(entry?.targetId).toBe(user.id);
  });

  it("works the same on /admin/profile", async () => {
    const { user, cookie } = await signedIn("admin");
    const other = await sessionCookie(user);
    const response = await adminProfile.action(
      args(
        changeForm("/admin/profile", cookie, {
          passwordActual: TEST_PASSWORD,
          password: NEW_PASSWORD,
          confirmarPassword: NEW_PASSWORD,
        }),
      ),
    );
    expect((response as Response).headers.get("Location")).toBe("/admin/profile");
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    expect((await getSessionUser(getRequest("/", cookie)))?.id).toBe(user.id);
    expect(await getSessionUser(getRequest("/", other))).toBeNull();
  });

  it("refuses short, mismatched, common, too long and missing passwords under their fields", async () => {
    const { user, cookie } = await signedIn();
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { passwordActual: TEST_PASSWORD, password: "corta", confirmarPassword: "corta" },
        "password",
        PASSWORD_TOO_SHORT,
      ],
      [
        { passwordActual: TEST_PASSWORD, password: NEW_PASSWORD, confirmarPassword: `${NEW_PASSWORD}!` },
        "confirmarPassword",
        PASSWORDS_DIFFER,
      ],
      [
        { passwordActual: TEST_PASSWORD, password: "password123", confirmarPassword: "password123" },
        "password",
        COMMON_PASSWORD,
      ],
      [
        { passwordActual: TEST_PASSWORD, password: "x".repeat(201), confirmarPassword: "x".repeat(201) },
        "password",
        "Máximo 200 caracteres.",
      ],
      [
        { passwordActual: "", password: NEW_PASSWORD, confirmarPassword: NEW_PASSWORD },
        "passwordActual",
        CURRENT_PASSWORD_REQUIRED,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const answer = answerOf(await userProfile.action(args(changeForm("/user/profile", cookie, fields))));
      expect(answer.status, message).toBe(400);
      expect(answer.data.result?.error?.[field], message).toEqual([message]);
    }
    expect(await passwordIs(user.id, TEST_PASSWORD)).toBe(true);
    // None of them spent the budget: that is for wrong current passwords.
    expect(await prisma.rateLimit.count({ where: { key: `passwordChangeUser:${user.id.toLowerCase()}` } })).toBe(0);
  });

  it("stops after 10 wrong current passwords in 15 minutes with 429 and Retry-After; a right one gives its point back", async () => {
    const { user, cookie } = await signedIn();
    const points = BUDGETS.passwordChangeUser.points;
    expect(points).toBe(10);
    expect(BUDGETS.passwordChangeUser.duration).toBe(15 * 60);
    for (let i = 0; i < points - 1; i++) expect(answerOf(await change(cookie, `mala-${i}`)).status).toBe(400);
    // The right password does not count: it gives its point back.
    expect((await change(cookie, TEST_PASSWORD)).constructor).toBe(Response);
    expect(answerOf(await change(cookie, "mala-otra-vez", "otra clave larga")).status).toBe(400);

    const refused = answerOf(await change(cookie, NEW_PASSWORD, "otra clave larga"));
    expect(refused.status).toBe(429);
    expect(refused.data.result?.error?.[""]).toEqual([TOO_MANY_REQUESTS]);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The page keeps the header on its document answer.
    const kept = userProfile.headers({
      actionHeaders: refused.headers,
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    } as unknown as Parameters<typeof userProfile.headers>[0]);
    expect(new Headers(kept).get("Retry-After")).toBe(refused.headers.get("Retry-After"));
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);

    // The API twin spends the same budget.
    const api = await changePasswordApi.action(
      args(
        jsonRequest(
          "/api/auth/change-password",
          { passwordActual: NEW_PASSWORD, password: "otra clave larga", confirmarPassword: "otra clave larga" },
          { token: await issueApiToken(user) },
        ),
      ),
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await readJson(api)).error).toBe(TOO_MANY_REQUESTS);
    // Another account is not affected.
    const other = await signedIn();
    expect((await change(other.cookie, TEST_PASSWORD)).constructor).toBe(Response);
  });
});

describe("POST /api/auth/change-password", () => {
  const body = (passwordActual: string, password = NEW_PASSWORD, confirmarPassword = password) => ({
    passwordActual,
    password,
    confirmarPassword,
  });
  const call = (init: { token?: string; cookie?: string; origin?: string }, json: unknown) =>
    changePasswordApi.action(args(jsonRequest("/api/auth/change-password", json, init)));

  it("changes the password with a Bearer token, keeps that token and ends the rest", async () => {
    const { user, cookie, token } = await signedIn();
    const otherToken = await issueApiToken(user);
    const response = await call({ token }, body(TEST_PASSWORD));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: PASSWORD_CHANGED });
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    expect(await apiStatus(token)).toBe(200);
    expect(await apiStatus(otherToken)).toBe(401);
    expect(await getSessionUser(getRequest("/", cookie))).toBeNull();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses a wrong current password, bad input and a caller without credentials", async () => {
    const { user, token } = await signedIn();
    const wrong = await call({ token }, body("no-es-la-clave"));
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toEqual({ error: CURRENT_PASSWORD_WRONG });
    const short = await call({ token }, body(TEST_PASSWORD, "corta"));
    expect((await readJson(short)).error).toBe(PASSWORD_TOO_SHORT);
    const common = await call({ token }, body(TEST_PASSWORD, "password123"));
    expect((await readJson(common)).error).toBe(COMMON_PASSWORD);
    const differ = await call({ token }, body(TEST_PASSWORD, NEW_PASSWORD, "otra"));
    expect((await readJson(differ)).error).toBe(PASSWORDS_DIFFER);
    const malformed = await changePasswordApi.action(
      args(jsonRequest("/api/auth/change-password", null, { token, raw: "{no es json" })),
    );
    expect(malformed.status).toBe(400);
    expect((await call({}, body(TEST_PASSWORD))).status).toBe(401);
    expect((await call({ token: "no.es.token" }, body(TEST_PASSWORD))).status).toBe(401);
    expect(await passwordIs(user.id, TEST_PASSWORD)).toBe(true);
    expect(await apiStatus(token)).toBe(200);
    const get = await changePasswordApi.loader(args(getRequest("/api/auth/change-password")));
    expect(get.status).toBe(405);
  });

  it("from the site (session cookie) keeps that browser session; another site's request is refused", async () => {
    const { user, cookie, token } = await signedIn();
    const crossSite = await call({ cookie, origin: "https://otro-sitio.example" }, body(TEST_PASSWORD));
    expect(crossSite.status).toBe(403);
    expect(await passwordIs(user.id, TEST_PASSWORD)).toBe(true);

    const response = await call({ cookie, origin: "http://localhost:3000" }, body(TEST_PASSWORD));
    expect(response.status).toBe(200);
    expect((await getSessionUser(getRequest("/", cookie)))?.id).toBe(user.id);
    expect(await apiStatus(token)).toBe(401);
  });
});

describe("'Sesiones abiertas'", () => {
  it("lists only the person's own browser sessions, with their devices, this one first and marked", async () => {
    const user = await createUser();
    const android = await signInFrom(user, CHROME_ANDROID);
    await signInFrom(user, FIREFOX_WINDOWS);
    await signInFrom(user, null); // no User-Agent: 'Navegador desconocido'
    await issueApiToken(user); // a token is not a browser session
    const stranger = await createUser();
    await signInFrom(stranger, FIREFOX_WINDOWS);
    // A session from before devices were recorded has no label; an expired one is not open.
    await createUserSession(user.id);
    await prisma.session.create({
      data: {
        id: `vencida-${user.id}`,
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
        dispositivo: "Safari en iPhone",
      },
    });

    const page = await userProfile.loader(args(getRequest("/user/profile", android)));
    expect(page.sessions.total).toBe(4);
    expect(page.sessions.sesiones[0]).toMatchObject({ dispositivo: "Chrome en Android", actual: true });
    expect(
      page.sessions.sesiones
        .slice(1)
        .map((s) => s.dispositivo)
        .sort(),
    ).toEqual(["Firefox en Windows", "Navegador desconocido", "Navegador desconocido"]);
    expect(page.sessions.sesiones.filter((s) => s.actual)).toHaveLength(1);
    for (const s of page.sessions.sesiones) {
      expect(Date.parse(s.ultimoUso)).not.toBeNaN();
      expect(Date.parse(s.inicio)).not.toBeNaN();
      // What the page gets: never a session's id.
      expect(Object.keys(s).sort()).toEqual(["actual", "dispositivo", "inicio", "ultimoUso"]);
    }
    // Only a short label is stored, never the header.
    const stored = await prisma.session.findMany({ where: { userId: user.id }, select: { dispositivo: true } });
    for (const { dispositivo } of stored) {
      expect(dispositivo ?? "").not.toMatch(/Mozilla|Gecko|KHTML/);
      expect((dispositivo ?? "").length).toBeLessThan(40);
    }
  });

  it("'Cerrar las demás sesiones' ends only the person's other browser sessions", async () => {
    const user = await createUser();
    const here = await signInFrom(user, CHROME_ANDROID);
    const there = await signInFrom(user, FIREFOX_WINDOWS);
    const third = await sessionCookie(user);
    const token = await issueApiToken(user);
    const stranger = await createUser();
    const strangers = await signInFrom(stranger, CHROME_ANDROID);

    const close = (cookie: string) =>
      userProfile.action(args(formRequest("/user/profile", { intent: "cerrar-sesiones" }, { cookie })));
    const response = (await close(here)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/profile");
    expect(await flashOf(response)).toBe("Se cerraron 2 sesiones en otros navegadores.");

    expect((await getSessionUser(getRequest("/", here)))?.id).toBe(user.id);
    expect(await getSessionUser(getRequest("/", there))).toBeNull();
    expect(await getSessionUser(getRequest("/", third))).toBeNull();
    // API tokens are not browser sessions: they stay (a password change ends them).
    expect(await apiStatus(token)).toBe(200);
    expect((await getSessionUser(getRequest("/", strangers)))?.id).toBe(stranger.id);
    expect(await passwordIs(user.id, TEST_PASSWORD)).toBe(true);

    const page = await userProfile.loader(args(getRequest("/user/profile", here)));
    expect(page.sessions).toMatchObject({ total: 1, sesiones: [{ dispositivo: "Chrome en Android", actual: true }] });
    expect(await flashOf((await close(here)) as Response)).toBe("No había otras sesiones abiertas.");
    await signInFrom(user, FIREFOX_WINDOWS);
    expect(await flashOf((await close(here)) as Response)).toBe("Se cerró 1 sesión en otro navegador.");
  });

  it("shows at most the newest 20, this one always among them, and counts them all", async () => {
    const { user, cookie } = await signedIn("admin");
    // This session has not been used for a while: the others are newer.
    await prisma.session.updateMany({
      where: { userId: user.id, kind: "web" },
      data: { lastSeenAt: new Date(Date.now() - 30 * 60 * 1000) },
    });
    for (let i = 0; i < 24; i++) await createUserSession(user.id);
    const page = await adminProfile.loader(args(getRequest("/admin/profile", cookie)));
    expect(page.sessions.total).toBe(25);
    expect(page.sessions.sesiones).toHaveLength(OPEN_SESSIONS_SHOWN);
    expect(page.sessions.sesiones[0]?.actual).toBe(true);

    const response = (await adminProfile.action(
      args(formRequest("/admin/profile", { intent: "cerrar-sesiones" }, { cookie })),
    )) as Response;
    expect(await flashOf(response)).toBe("Se cerraron 24 sesiones en otros navegadores.");
    expect((await getSessionUser(getRequest("/", cookie)))?.id).toBe(user.id);
  });

  it("the profile edit still works beside the new forms (multipart, its own intent)", async () => {
    const { user, cookie } = await signedIn();
    const form = new FormData();
    form.set("intent", "perfil");
    form.set("correo", user.correo);
    const request = new Request("http://localhost:3000/user/profile", {
      method: "POST",
      headers: { Host: "localhost:3000", Origin: "http://localhost:3000", Cookie: cookie },
      body: form,
    });
    const response = (await userProfile.action(args(request))) as Response;
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toBe("Perfil actualizado con éxito");
  });
});
