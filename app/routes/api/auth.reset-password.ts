import { resetPassword } from "~/features/accounts/recovery.server.ts";
import { RESET_DONE } from "~/features/accounts/recovery-texts.ts";
import { ResetPasswordSchema } from "~/features/accounts/recovery-schema.ts";
import { type ApiNotice, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.reset-password";

export const loader = () => methodNotAllowed("POST");

/** A recovery link's token and the new password: every session and token of the account ends. */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { token, password } = await parseBody(request, ResetPasswordSchema);
    const outcome = await resetPassword(token, { password }, request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNotice>({ message: RESET_DONE });
  });
}
