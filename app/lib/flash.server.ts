// One-shot messages that survive a redirect (they work without JavaScript): kept in a small
// signed cookie, read and cleared by the root loader.
import { createCookie, createCookieSessionStorage, redirect } from "react-router";
import { env } from "./env.server.ts";

export type Flash = { type: "success" | "error" | "info"; message: string };

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { flash: Flash }>> | undefined;
function flashStorage() {
  const { cookieSecure, sessionSecret } = env();
  storage ??= createCookieSessionStorage<Record<string, never>, { flash: Flash }>({
    cookie: createCookie(cookieSecure ? "__Host-academia_flash" : "academia_flash", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure,
      secrets: [sessionSecret],
    }),
  });
  return storage;
}

export async function flashHeader(request: Request | null, flash: Flash): Promise<string> {
  const s = flashStorage();
  const session = await s.getSession(request?.headers.get("Cookie"));
  session.flash("flash", flash);
  return s.commitSession(session);
}

export async function redirectWithFlash(request: Request, to: string, flash: Flash, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(request, flash));
  return redirect(to, { ...init, headers });
}

/** Reads and clears the pending flash message. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const s = flashStorage();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("academia_flash")) return { flash: null, setCookie: null };
  const session = await s.getSession(cookie);
  const flash = session.get("flash") ?? null;
  if (!flash) return { flash: null, setCookie: null };
  return { flash, setCookie: await s.commitSession(session) };
}
