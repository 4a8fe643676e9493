import { revokeApiToken } from "~/features/auth/api-token.server.ts";
import { apiJson, handleApi, methodNotAllowed, requireApiUser } from "~/lib/api.server.ts";
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
    const token = /^Bearer\s+(\S+)$/i.exec((args.request.headers.get("Authorization") ?? "").trim())?.[1] ?? "";
    await revokeApiToken(token);
    return apiJson({ message: "Sesión cerrada" });
  });
}
