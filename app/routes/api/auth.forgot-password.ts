import { requestPasswordReset } from "~/features/accounts/recovery.server.ts";
import { RESET_REQUESTED } from "~/features/accounts/recovery-texts.ts";
import { ForgotPasswordSchema } from "~/features/accounts/recovery-schema.ts";
import { type ApiNotice, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.forgot-password";

export const loader = () => methodNotAllowed("POST");

/** The same 200 whether or not an account has the address (docs/product.md#password-recovery). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { correo } = await parseBody(request, ForgotPasswordSchema);
    const outcome = await requestPasswordReset(correo, request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNotice>({ message: RESET_REQUESTED });
  });
}
