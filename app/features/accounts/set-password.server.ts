// The one way a password changes: new hash, reset links void, every session and API token ended but the
// caller's own, in one transaction.
import { isCommonPassword } from "~/features/accounts/common-passwords.ts";
import { release, reserve, type Bucket } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { hashPassword, verifyPassword } from "~/lib/password.server.ts";
import { voidAccountTokens } from "./account-token.server.ts";
import { COMMON_PASSWORD } from "./register.server.ts";
import { deleteUserSessions } from "./session.server.ts";

/** A password the registration's rules allow beyond its length (checked by the schemas): not a common one. */
export function checkNewPassword(password: string): Result {
  return isCommonPassword(password) ? fail(400, COMMON_PASSWORD, { field: "password" }) : ok();
}

/** One's own password asked again: a wrong one spends a point of `budget` (reserved first, so concurrent guesses
 * each count; given back when right) and answers `wrong`. */
export async function confirmOwnPassword(userId: string, password: string, budget: Bucket[0], wrong: Failure) {
  const reserved = await reserve([[budget, userId]]);
  if (!reserved.ok) return reserved;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(password, user?.passwordHash))) return wrong;
  await release([[budget, userId]]);
  return ok();
}

/** `keepSessionId`: the session to keep, or null; `alsoInTx`: work that must commit with it (spending a link). */
export async function setPassword(
  userId: string,
  password: string,
  options: { keepSessionId?: string | null; alsoInTx?: (tx: typeof prisma) => Promise<boolean> } = {},
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return prisma.$transaction(async (tx) => {
    if (options.alsoInTx && !(await options.alsoInTx(tx as typeof prisma))) return false;
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await voidAccountTokens(userId, "password", tx);
    await deleteUserSessions(userId, tx, options.keepSessionId ?? null);
    return true;
  });
}
