// API tokens (docs/product.md#sessions-and-api-tokens): a JWT whose SHA-256 is a Session row of kind "api",
// checked on every call, so logout, suspension and deletion end it at once.
import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "~/lib/env.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { prisma } from "~/lib/db.server.ts";
import { noteRequestUser } from "~/lib/log.server.ts";
import { sessionUserSelect, toSessionUser, type SessionUser } from "./session.server.ts";

export const API_TOKEN_TTL_S = 12 * 60 * 60;
const ISSUER = "academia";

function key() {
  return new TextEncoder().encode(`api-token:${env().sessionSecret}`);
}

const rowId = (jti: string) => crypto.createHash("sha256").update(`api:${jti}`).digest("hex");

export async function issueApiToken(user: { id: string; rol: string | null }): Promise<string> {
  const jti = crypto.randomBytes(24).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  await prisma.session.create({
    data: { id: rowId(jti), kind: "api", userId: user.id, expiresAt: new Date((now + API_TOKEN_TTL_S) * 1000) },
  });
  noteRequestUser(user.id); // the sign-in request's log line names who signed in
  return new SignJWT({ id: user.id, rol: user.rol })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + API_TOKEN_TTL_S)
    .sign(key());
}

export const NO_TOKEN = "No se encontró token de autenticación.";
export const BAD_TOKEN = "Token inválido o mal formado.";
export const TOKEN_ENDED = "La sesión de este token terminó. Inicia sesión nuevamente.";

/** A token's check: its user and Session row, or a 401 Failure saying why (`reason`). */
export type TokenCheck = Result<{ user: SessionUser; tokenId: string }, Failure<"invalid" | "no-user" | "ended">>;

async function decode(token: string): Promise<{ userId: string; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], issuer: ISSUER });
    const userId = payload.sub ?? payload.id;
    if (typeof userId !== "string" || !userId || typeof payload.jti !== "string" || !payload.jti) return null;
    return { userId, jti: payload.jti };
  } catch {
    return null;
  }
}

export async function verifyApiToken(token: string): Promise<TokenCheck> {
  const claims = await decode(token);
  if (!claims) return fail(401, BAD_TOKEN, { reason: "invalid" });
  const row = await prisma.session.findUnique({
    where: { id: rowId(claims.jti) },
    select: { kind: true, userId: true, expiresAt: true, user: { select: sessionUserSelect } },
  });
  if (!row || row.kind !== "api" || row.userId !== claims.userId || row.expiresAt.getTime() <= Date.now()) {
    return fail(401, TOKEN_ENDED, { reason: "ended" });
  }
  if (!row.user.aprobado) return fail(401, BAD_TOKEN, { reason: "no-user" });
  noteRequestUser(row.userId); // the request's log line names its user
  return ok({ user: toSessionUser(row.user), tokenId: rowId(claims.jti) });
}

/** Ends one token (POST /api/auth/logout). False when it was not a live token. */
export async function revokeApiToken(token: string): Promise<boolean> {
  const claims = await decode(token);
  if (!claims) return false;
  const { count } = await prisma.session.deleteMany({
    where: { id: rowId(claims.jti), kind: "api", userId: claims.userId },
  });
  return count === 1;
}
