// The one way a password changes: new hash, reset links void, every session and API token ended but the
// caller's own, in one transaction.
import { isCommonPassword } from "~/features/accounts/common-passwords.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { voidAccountTokens } from "./account-token.server.ts";
import { COMMON_PASSWORD } from "./register.server.ts";
import { deleteUserSessions } from "./session.server.ts";

/** A password the registration's rules allow beyond its length (checked by the schemas): not a common one. */
export function checkNewPassword(password: string): Result {
  return isCommonPassword(password) ? fail(400, COMMON_PASSWORD, { field: "password" }) : ok();
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
