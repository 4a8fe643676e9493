import { requireApiCaller } from "~/features/accounts/api-guards.server.ts";
import { PASSWORD_CHANGED } from "~/features/accounts/account-security.ts";
import { changePassword } from "~/features/accounts/change-password.server.ts";
import { ChangePasswordSchema } from "~/features/accounts/change-password-schema.ts";
import { type ApiNotice, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.change-password";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/auth/change-password (docs/product.md#api-accounts): { passwordActual, password,
 * confirmarPassword }, the caller's own account. Every other session and token of the account
 * ends; the token that makes the call (or, from the site, the browser session) stays.
 * Errors: 400 (the first problem; a wrong current password too), 401, 429 with Retry-After.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const { request } = args;
    if (request.method.toUpperCase() !== "POST") return methodNotAllowed("POST");
    const caller = await requireApiCaller(args);
    const input = await parseBody(request, ChangePasswordSchema);
    const outcome = await changePassword(caller.user.id, input, caller.sessionId, request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNotice>({ message: PASSWORD_CHANGED });
  });
}
