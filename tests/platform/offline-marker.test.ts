// The offline sign-in marker (decision 014): a cookie the service worker reads before it answers
// from a learner's kept copies. Set with the learner's opaque key on the first answer of a session,
// renewed with the session, never outliving it, cleared at "Salir" and for nobody signed in, with
// the session cookie's attributes except HttpOnly.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionMiddleware } from "~/features/accounts/guards.server.ts";
import { SESSION_IDLE_MS } from "~/features/accounts/session.server.ts";
import { clearOfflineMarker, keepOffline, offlineKey, offlineMiddleware } from "~/features/offline/offline.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { resetEnvCache } from "~/lib/env.server.ts";
import * as logout from "~/routes/auth/logout.ts";
import * as sw from "~/routes/sw.ts";
import { createUser, formRequest, getRequest, sessionCookie } from "../factories.ts";

/** A request through the root's session and offline middleware to `handler`, as React Router runs it. */
async function through(request: Request, handler: (context: RouterContextProvider) => Promise<Response>) {
  const context = new RouterContextProvider();
  type Args = Parameters<typeof offlineMiddleware>[0];
  const mw = { request, context, params: {}, unstable_pattern: "" } as unknown as Args;
  const inner = async () => (await offlineMiddleware(mw, () => handler(context))) as Response;
  return (await sessionMiddleware(mw, inner)) as Response;
}

const html = () => new Response("<html></html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });

/** A signed-in page (/user) for a browser sending `cookie`. */
const pageFor = (cookie?: string) => through(getRequest("/user", cookie), async () => html());

/** The marker's Set-Cookie in an answer, or undefined. */
const markerSet = (response: Response) =>
  response.headers.getSetCookie().find((c) => /^(__Host-)?academia_offline=/.test(c));
const maxAge = (setCookie: string | undefined) => Number(/Max-Age=(\d+)/.exec(setCookie ?? "")?.[1]);

async function signedIn() {
  const user = await createUser({ rol: "estudiante", correo: `marca-${crypto.randomUUID()}@test.cl` });
  return { user, cookie: await sessionCookie(user) };
}

describe("the offline sign-in marker", () => {
  it("is set on a signed-in user's first answer: their opaque key, readable by the worker, Lax, Path=/", async () => {
    const { user, cookie } = await signedIn();
    const set = markerSet(await pageFor(cookie));
    expect(set).toBe(`academia_offline=${offlineKey(user.id)}; Max-Age=${maxAge(set)}; Path=/; SameSite=Lax`);
    expect(set).not.toMatch(/HttpOnly/i);
    expect(set).not.toContain(user.id);
    expect(set).not.toContain(user.correo.split("@")[0]);
  });

  it("expires no later than the session: its idle timeout, or its absolute end when sooner", async () => {
    const { user, cookie } = await signedIn();
    const idle = maxAge(markerSet(await pageFor(cookie)));
    expect(idle).toBeGreaterThan(SESSION_IDLE_MS / 1000 - 60);
    expect(idle).toBeLessThanOrEqual(SESSION_IDLE_MS / 1000);

    await prisma.session.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() + 3600_000) },
    });
    const absolute = maxAge(markerSet(await pageFor(cookie)));
    expect(absolute).toBeGreaterThan(3500);
    expect(absolute).toBeLessThanOrEqual(3600);
  });

  it("is left alone while the browser holds it, renewed when the session is, replaced if another's", async () => {
    const { user, cookie } = await signedIn();
    const held = `${cookie}; academia_offline=${offlineKey(user.id)}`;
    expect(markerSet(await pageFor(held))).toBeUndefined();

    // Used again after more than an hour: the session's idle timeout moves, and the marker's with it.
    await prisma.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 2 * 3600_000) },
    });
    expect(maxAge(markerSet(await pageFor(held)))).toBeGreaterThan(SESSION_IDLE_MS / 1000 - 60);
    expect(markerSet(await pageFor(held))).toBeUndefined();

    const other = await createUser();
    const mixed = `${cookie}; academia_offline=${offlineKey(other.id)}`;
    expect(markerSet(await pageFor(mixed))).toContain(`academia_offline=${offlineKey(user.id)};`);
  });

  it("does not stop an enrolled learner's page from being kept (a flash cookie still does)", async () => {
    const { cookie } = await signedIn();
    const request = getRequest("/cursos/c1", cookie);
    const response = await through(request, async (context) => {
      keepOffline({ request, context }); // what the course page's loader does for an enrolled learner
      return html();
    });
    expect(markerSet(response)).toBeDefined();
    expect(response.headers.get("X-Offline-Keep")).toBe("1");
  });

  it("is cleared for nobody signed in (an ended session), and not sent to whoever never had it", async () => {
    const { user, cookie } = await signedIn();
    const held = `${cookie}; academia_offline=${offlineKey(user.id)}`;
    await prisma.session.deleteMany({ where: { userId: user.id } });
    const ended = markerSet(await pageFor(held));
    expect(ended).toMatch(/^academia_offline=; Max-Age=0; Path=\/; SameSite=Lax; Expires=Thu, 01 Jan 1970/);
    expect((await pageFor()).headers.getSetCookie()).toEqual([]);
  });

  it("is not touched by other answers than pages and data to a GET", async () => {
    const { cookie } = await signedIn();
    expect(markerSet(await through(formRequest("/contacto", {}, { cookie }), async () => html()))).toBeUndefined();
    const json = await through(getRequest("/api/cursos/lista", cookie), async () => Response.json({ ok: true }));
    expect(markerSet(json)).toBeUndefined();
  });

  it("goes at 'Salir' in the same answer as the session cookie", async () => {
    const { user, cookie } = await signedIn();
    const held = `${cookie}; academia_offline=${offlineKey(user.id)}`;
    const response = (await logout.action({
      request: formRequest("/salir", {}, { cookie: held }),
    } as never)) as Response;
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.find((c) => c.startsWith("academia_session="))).toMatch(/Max-Age=0/);
    expect(markerSet(response)).toBe(clearOfflineMarker());
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
  });

  it("follows the session cookie's Secure and __Host- handling, and the worker is told its name", async () => {
    process.env.COOKIE_SECURE = "true";
    resetEnvCache();
    try {
      expect(clearOfflineMarker()).toMatch(/^__Host-academia_offline=; Max-Age=0; Path=\/; SameSite=Lax; Secure;/);
      const source = await sw.loader({ request: getRequest("/sw.js") } as never).text();
      expect(source).toContain('"markerCookie":"__Host-academia_offline"');
      const ended = markerSet(await pageFor("__Host-academia_offline=AbCdEfGhIjKlMnOpQrStUv"));
      expect(ended).toMatch(/^__Host-academia_offline=; Max-Age=0; Path=\/; SameSite=Lax; Secure;/);
    } finally {
      delete process.env.COOKIE_SECURE;
      resetEnvCache();
    }
    const source = await sw.loader({ request: getRequest("/sw.js") } as never).text();
    expect(source).toContain('"markerCookie":"academia_offline"');
    expect(() => new Function(source)).not.toThrow();
  });
});
