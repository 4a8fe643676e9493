// Single-use account links (password, address proof, guardian's consent): a new one voids the older ones of
// its purpose; spending one is a conditional update, so two clicks cannot both succeed.
import crypto from "node:crypto";
import { prisma } from "~/lib/db.server.ts";

export type TokenPurpose = "password" | "correo" | "tutor";

type Tx = Pick<typeof prisma, "accountToken">;

/** A link's or cookie's secret: 256 random bits. */
export const newToken = () => crypto.randomBytes(32).toString("base64url");
/** What the database keeps of a token: its SHA-256, which hands out nothing if leaked. */
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
/** What a token in a URL looks like (43 base64url characters); anything else is not looked up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type Issue = { purpose: TokenPurpose; ttlMs: number; createdById?: string | null };

/** A new token for `purpose` (the earlier ones of that purpose void); returns the raw token for the link. */
export async function issueAccountToken(input: Issue & { userId: string }, tx: Tx = prisma) {
  await tx.accountToken.deleteMany({ where: { userId: input.userId, purpose: input.purpose } });
  const { tokens, expiresAt } = await insertTokens([input.userId], input, tx);
  return { token: tokens.get(input.userId)!, expiresAt };
}

/** One new token each for accounts created in this transaction (an import): nothing to void, one insert. */
export async function issueNewAccountsTokens(input: Issue & { userIds: string[] }, tx: Tx = prisma) {
  return (await insertTokens(input.userIds, input, tx)).tokens;
}

async function insertTokens(userIds: string[], { purpose, ttlMs, createdById = null }: Issue, tx: Tx) {
  const expiresAt = new Date(Date.now() + ttlMs);
  const tokens = new Map(userIds.map((id) => [id, newToken()]));
  await tx.accountToken.createMany({
    data: [...tokens].map(([userId, token]) => ({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt,
      createdById,
    })),
  });
  return { tokens, expiresAt };
}

/** The live token (unused, unexpired, of this purpose) behind a raw token from a link, or null. */
export async function findAccountToken(token: unknown, purpose: TokenPurpose, tx: Tx = prisma) {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  return tx.accountToken.findUnique({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, userId: true, createdById: true, expiresAt: true },
  });
}

/** Whose a live link is (a GET shows it and changes nothing: mail scanners open links too), or null. */
export async function linkAccount(token: unknown, purpose: TokenPurpose) {
  const found = await findAccountToken(token, purpose);
  if (!found) return null;
  return prisma.user.findUnique({
    where: { id: found.userId },
    select: { correo: true, nombre: true, apellido: true },
  });
}

/** Marks a found token used; false when another request used it first (or it expired meanwhile). */
export async function spendAccountToken(id: string, tx: Tx = prisma): Promise<boolean> {
  const { count } = await tx.accountToken.updateMany({
    where: { id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

/** Voids every token of a user (of one purpose, or all): a password change voids the reset links. */
export async function voidAccountTokens(userId: string, purpose?: TokenPurpose, tx: Tx = prisma) {
  await tx.accountToken.deleteMany({ where: { userId, ...(purpose ? { purpose } : {}) } });
}

/** Housekeeping: tokens past their expiry, or used more than a day ago, are deleted. */
export async function purgeAccountTokens(now = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await prisma.accountToken.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { usedAt: { lte: dayAgo } }] } });
}
