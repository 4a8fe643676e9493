import { revokeApiToken } from "~/features/accounts/api-token.server.ts";
import { type ApiNotice, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { bearer, requireApiUser } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/auth.logout";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/auth/logout (Bearer): ends the token that makes the call; it is refused from then
 * on (401). Other tokens and browser sessions of the same user stay open.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "POST") return methodNotAllowed("POST");
    await requireApiUser(args, { cookie: false });
    await revokeApiToken(bearer(args.request) ?? "");
    return apiJson<ApiNotice>({ message: "Sesión cerrada" });
  });
}
