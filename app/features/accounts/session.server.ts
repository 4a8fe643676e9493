// Database sessions: the cookie carries a random token, the database only its SHA-256 (API tokens: kind "api").
import { createCookie, type Cookie } from "react-router";
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { noteRequestUser } from "~/lib/log.server.ts";
import { hashToken, newToken } from "./account-token.server.ts";
import { deviceLabel } from "./device-label.ts";
import { toRole, type Role } from "./roles.ts";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60; // absolute lifetime
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000; // idle timeout
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const sessionUserSelect = {
  id: true,
  nombre: true,
  apellido: true,
  correo: true,
  usuario: true,
  rol: true,
  aprobado: true,
  imagenPerfil: true,
  fechaNacimiento: true,
} as const;

type SessionUserRow = Prisma.UserGetPayload<{ select: typeof sessionUserSelect }>;
const SESSION_USER_COLUMNS = Prisma.raw(
  Object.keys(sessionUserSelect)
    .map((column) => `u."${column}"`)
    .join(", "),
);

/** The signed-in user: `rol` lower-cased once (toRole); null for a stored role the app does not know. */
export type SessionUser = Omit<SessionUserRow, "rol"> & {
  rol: Role | null;
};

export function toSessionUser<T extends { rol: string }>(row: T): Omit<T, "rol"> & { rol: Role | null } {
  return { ...row, rol: toRole(row.rol) };
}

/** A signed, HTTP-only cookie of the app (`__Host-` when secure), made on first use. */
export function signedCookie(name: string, maxAge: number): () => Cookie {
  let cookie: Cookie | undefined;
  return () => {
    const { cookieSecure, sessionSecret } = env();
    return (cookie ??= createCookie(cookieSecure ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure,
      secrets: [sessionSecret],
      maxAge,
    }));
  };
}
const sessionCookie = signedCookie("academia_session", SESSION_MAX_AGE_S);

// Cookie headers whose signature was checked, by their hash, with the session id they carry: a
// header seen again skips the check (Web Crypto, a thread-pool trip a request). Holds hashes only;
// the session row is still read on every request, so a sign-out or a suspension counts at once.
const checked = new Map<string, string>();

/** The id (hash) of this request's browser session row, or null: the one a password change keeps. */
export async function currentSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const key = hashToken(header);
  const known = checked.get(key);
  if (known) return known;
  const value = await sessionCookie()
    .parse(header)
    .catch(() => null);
  if (typeof value !== "string" || value.length < 32 || value.length > 128) return null;
  const id = hashToken(value);
  if (checked.size >= 1000) checked.delete(checked.keys().next().value!);
  checked.set(key, id);
  return id;
}

/** A new session (a new id at every login) and its Set-Cookie header; the device label is read from the User-Agent. */
export async function createUserSession(userId: string, request?: Request | null): Promise<string> {
  const token = newToken();
  await prisma.session.create({
    data: {
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
      dispositivo: request ? deviceLabel(request.headers.get("User-Agent")) : null,
    },
  });
  noteRequestUser(userId); // the sign-in request's log line names who signed in
  return sessionCookie().serialize(token);
}

// When each session getSessionUser returned ends unless used again (the offline marker expires then), beside
// the user object, not in it (loaders hand users to pages).
const sessionEnds = new WeakMap<SessionUser, { endsAt: Date; renewed: boolean }>();

/** See sessionEnds; null for a user object that did not come from getSessionUser. */
export function sessionEndOf(user: SessionUser): { endsAt: Date; renewed: boolean } | null {
  return sessionEnds.get(user) ?? null;
}

/** The signed-in, approved user of this request, or null. Expired rows are removed. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const id = await currentSessionId(request);
  if (!id) return null;
  // One statement for the session and its user: every signed-in request runs it.
  const [row] = await prisma.$queryRaw<Array<SessionUserRow & { kind: string; expiresAt: Date; lastSeenAt: Date }>>`
    SELECT s."kind", s."expiresAt", s."lastSeenAt", ${SESSION_USER_COLUMNS}
    FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE s."id" = ${id}`;
  if (!row || row.kind !== "web") return null;
  const { kind: _kind, expiresAt, lastSeenAt, ...userRow } = row;
  const now = Date.now();
  if (expiresAt.getTime() <= now || lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  if (!userRow.aprobado) return null;
  const touched = now - lastSeenAt.getTime() > TOUCH_EVERY_MS;
  if (touched) {
    await prisma.session.updateMany({ where: { id }, data: { lastSeenAt: new Date(now) } });
  }
  const user = toSessionUser(userRow);
  noteRequestUser(user.id); // the request's log line names its user (no query of its own)
  const lastSeen = touched ? now : lastSeenAt.getTime();
  sessionEnds.set(user, {
    endsAt: new Date(Math.min(expiresAt.getTime(), lastSeen + SESSION_IDLE_MS)),
    renewed: touched,
  });
  return user;
}

export async function destroySession(request: Request): Promise<string> {
  const id = await currentSessionId(request);
  if (id) await prisma.session.deleteMany({ where: { id } });
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends every session and API token of a user (suspension, deletion, a password change), but `exceptId`. */
export async function deleteUserSessions(
  userId: string,
  tx: Pick<typeof prisma, "session"> = prisma,
  exceptId?: string | null,
) {
  await tx.session.deleteMany({ where: { userId, ...(exceptId ? { id: { not: exceptId } } : {}) } });
}

export async function purgeExpiredSessions() {
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_MS);
  await prisma.session.deleteMany({
    where: { OR: [{ expiresAt: { lte: new Date() } }, { lastSeenAt: { lte: idleCutoff } }] },
  });
}
