// API tokens (SPEC §7): a signed (HS256), expiring JWT whose payload carries the user id.
// Every /api call re-reads the user, so a deleted or un-approved user's token stops working.
import { jwtVerify, SignJWT } from "jose";
import { env } from "~/lib/env.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { sessionUserSelect, type SessionUser } from "./session.server.ts";

const TOKEN_TTL = "12h";
const ISSUER = "academia";

function key() {
  return new TextEncoder().encode(`api-token:${env().sessionSecret}`);
}

export async function issueApiToken(user: { id: string; rol: string }): Promise<string> {
  return new SignJWT({ id: user.id, rol: user.rol })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(key());
}

export const NO_TOKEN = "No se encontró token de autenticación.";
export const BAD_TOKEN = "Token inválido o mal formado.";

export type TokenCheck = { ok: true; user: SessionUser } | { ok: false; message: string; reason: "invalid" | "no-user" };

export async function verifyApiToken(token: string): Promise<TokenCheck> {
  let userId: unknown;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], issuer: ISSUER });
    userId = payload.sub ?? payload.id;
  } catch {
    return { ok: false, message: BAD_TOKEN, reason: "invalid" };
  }
  if (typeof userId !== "string" || !userId) return { ok: false, message: BAD_TOKEN, reason: "no-user" };
  const user = await prisma.user.findUnique({ where: { id: userId }, select: sessionUserSelect });
  if (!user || !user.aprobado) return { ok: false, message: BAD_TOKEN, reason: "no-user" };
  return { ok: true, user };
}
