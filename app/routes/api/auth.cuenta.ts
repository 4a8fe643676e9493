import { bearer, requireApiCaller } from "~/features/accounts/api-guards.server.ts";
import { destroySession } from "~/features/accounts/session.server.ts";
import { ACCOUNT_DELETED } from "~/features/privacy/account-deletion.ts";
import { DeleteAccountSchema, type AccountDeletedJson } from "~/features/privacy/account-deletion-schema.ts";
import { deleteOwnAccount } from "~/features/privacy/account-deletion.server.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.cuenta";

export const loader = () => methodNotAllowed("DELETE");

/**
 * DELETE /api/auth/cuenta (docs/product.md#api-accounts): { password, certificados? } deletes the
 * caller's own account and its personal data; certificados "conservar" (the default) keeps the
 * certificates verifiable, "revocar" revokes them. Every token and session of the account ends.
 * Errors: 400 (the first problem; a wrong password too), 401, 409 (the last admin), 429 with
 * Retry-After.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const { request } = args;
    if (request.method.toUpperCase() !== "DELETE") return methodNotAllowed("DELETE");
    const caller = await requireApiCaller(args);
    const input = await parseBody(request, DeleteAccountSchema);
    const outcome = await deleteOwnAccount(caller.user.id, input, request);
    if (!outcome.ok) return apiFailure(outcome);
    const response = apiJson<AccountDeletedJson>({ message: ACCOUNT_DELETED, certificados: outcome.certificados });
    // Called from the site with the session cookie: the (already ended) cookie is cleared too.
    if (bearer(request) === null) response.headers.append("Set-Cookie", await destroySession(request));
    return response;
  });
}
