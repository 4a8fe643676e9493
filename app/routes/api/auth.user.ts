import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { AdminDeleteUserSchema } from "~/features/privacy/account-deletion-schema.ts";
import { deleteUser } from "~/features/privacy/account-deletion.server.ts";
import { type ApiNoticeId, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.user";

export const loader = () => methodNotAllowed("DELETE");

/**
 * DELETE /api/auth/users/{userId} (admin; never oneself), optionally with { certificados: "conservar" |
 * "revocar" }: without it (or with no body) the certificates stay verifiable.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "DELETE") return methodNotAllowed("DELETE");
    const admin = await requireApiRole(args, "admin");
    const { certificados } = await parseBody(args.request, AdminDeleteUserSchema, { nullIsEmpty: true });
    const outcome = await deleteUser(admin, args.params.userId, args.request, certificados);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: "Usuario eliminado", id: args.params.userId });
  });
}
