// Sign-in cards (docs/decisions/040): the token is an HMAC of the user id and a nonce kept on the account (a new
// nonce voids the card); never for a docente or an admin; rate-limited as a sign-in (decision 006).
import crypto from "node:crypto";
import { audit } from "~/features/audit/audit.server.ts";
import { clientIp, penalty, release, reserve, type Bucket } from "~/features/limits/rate-limits.server.ts";
import { chunks } from "~/lib/chunks.ts";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fail, raise } from "~/lib/failure.ts";
import { hashToken, TOKEN_PATTERN } from "./account-token.server.ts";
import { readDevice } from "./device.server.ts";
import { CARD_INVALID } from "./texts.ts";
import { sessionUserSelect, toSessionUser, type SessionUser } from "./session.server.ts";

type Db = Pick<typeof prisma, "user">;

/** The roles a card may sign in to: never a docente's or an admin's account. */
const CARD_ROLES = ["estudiante", "comunidad"];
export const mayHoldCard = (rol: string) => CARD_ROLES.includes(rol.toLowerCase());

const tokenOf = (userId: string, nonce: string) =>
  crypto.createHmac("sha256", env().sessionSecret).update(`tarjeta:${userId}:${nonce}`).digest("base64url");

/** The link a card's QR code carries. */
export const cardLink = (token: string) => `${publicUrl()}/entrar/${token}`;

/** A new nonce for the account (its old card void); null for an account that may not hold a card. */
export async function renewCard(userId: string, db: Db = prisma): Promise<string | null> {
  const nonce = crypto.randomBytes(16).toString("base64url");
  const token = tokenOf(userId, nonce);
  const { count } = await db.user.updateMany({
    where: { id: userId, rol: { in: CARD_ROLES } },
    data: { tarjetaNonce: nonce, tarjetaHash: hashToken(token) },
  });
  return count === 1 ? token : null;
}

/** Each allowed account's card token by id, made for those without one; printing again gives the same. */
export async function cardTokens(userIds: string[], db: Db = prisma): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const part of chunks(userIds)) {
    const rows = await db.user.findMany({
      where: { id: { in: part }, rol: { in: CARD_ROLES } },
      select: { id: true, tarjetaNonce: true },
    });
    for (const row of rows) {
      if (row.tarjetaNonce) {
        tokens.set(row.id, tokenOf(row.id, row.tarjetaNonce));
        continue;
      }
      // First card: only if nobody made one meanwhile (two teachers printing at once), else theirs.
      const nonce = crypto.randomBytes(16).toString("base64url");
      const token = tokenOf(row.id, nonce);
      const { count } = await db.user.updateMany({
        where: { id: row.id, tarjetaNonce: null },
        data: { tarjetaNonce: nonce, tarjetaHash: hashToken(token) },
      });
      if (count === 1) tokens.set(row.id, token);
      else {
        const now = await db.user.findUniqueOrThrow({ where: { id: row.id }, select: { tarjetaNonce: true } });
        tokens.set(row.id, tokenOf(row.id, now.tarjetaNonce!));
      }
    }
  }
  return tokens;
}

/** The account a card signs in to, within the sign-in limits (FailureError 404/429); `commit` signs in. */
export async function cardHolder(token: string, request: Request, commit = false): Promise<SessionUser> {
  const device = await readDevice(request);
  const source: Bucket = device ? ["loginFailuresDevice", device.id] : ["loginFailuresIp", clientIp(request)];
  const reservation = await reserve([source]);
  if (!reservation.ok) raise(reservation);
  const found = TOKEN_PATTERN.test(token)
    ? await prisma.user.findUnique({ where: { tarjetaHash: hashToken(token) }, select: sessionUserSelect })
    : null;
  if (!found || !found.aprobado || !mayHoldCard(found.rol)) {
    if (device) await penalty([["loginFailuresIp", clientIp(request)]]);
    if (commit) await audit(request, "login.failure", { actorId: found?.id, detail: "tarjeta de acceso" });
    raise(fail(404, CARD_INVALID));
  }
  await release([source]);
  if (commit) await audit(request, "login.success", { actorId: found.id, detail: "tarjeta de acceso" });
  return toSessionUser(found);
}
