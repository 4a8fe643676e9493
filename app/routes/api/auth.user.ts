import { deleteUser } from "~/features/users/users.server.ts";
import { type ApiNoticeId, apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/auth.user";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/auth/users/{id} (admin; never oneself). */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "DELETE") return methodNotAllowed("DELETE");
    const admin = await requireApiRole(args, "admin");
    const outcome = await deleteUser(admin, args.params.id, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: "Usuario eliminado", id: args.params.id });
  });
}
