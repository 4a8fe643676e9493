import { suspendUser } from "~/features/accounts/users.server.ts";
import { type ApiNoticeId, apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/auth.suspend";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/auth/suspend/{userId} (admin; never oneself): un-approves the account and ends its sessions and tokens. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "PUT") return methodNotAllowed("PUT");
    const admin = await requireApiRole(args, "admin");
    const outcome = await suspendUser(admin, args.params.userId, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: "Usuario suspendido", id: args.params.userId });
  });
}
