import { requireApiUser, requireSelfOrAdmin } from "~/features/accounts/api-guards.server.ts";
import { EMAIL_CONFIRMATION_SENT, PROFILE_UPDATED } from "~/features/accounts/profile-schema.ts";
import { profileApiAction } from "~/features/profile/profile.server.ts";
import { toApiUser, type ApiProfileUpdated } from "~/features/accounts/public-user.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, FORBIDDEN_PROFILE } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.user-profile";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/auth/users/{userId}/profile (docs/product.md#api-accounts): oneself or an admin. Body: multipart/form-data
 * (correo and/or the file imagenPerfil; quitarImagen=true removes it) or JSON { correo }
 * ({ imagenPerfil: null } removes the image). One's own new correo is applied only when the
 * link e-mailed to it is followed (`correoPendiente` in the answer); an admin changing another
 * account's correo applies it at once (409 when another account has it; one's own answers alike
 * either way). Errors: { error } in Spanish; 401/403/404/409/429 (e-mail changes per account).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const { request, params } = args;
    if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
    const caller = await requireApiUser(args);
    requireSelfOrAdmin(caller, params.userId, FORBIDDEN_PROFILE);
    const outcome = await profileApiAction(caller, params.userId, request);
    if (!outcome.ok) return apiFailure(outcome);
    // A new e-mail of one's own waits for its confirmation link: `user` still has the old one.
    return apiJson<ApiProfileUpdated>({
      message: outcome.pendingEmail ? EMAIL_CONFIRMATION_SENT(outcome.pendingEmail) : PROFILE_UPDATED,
      user: toApiUser(outcome.profile),
      correoPendiente: outcome.pendingEmail,
    });
  });
}
