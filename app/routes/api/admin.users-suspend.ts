import { bulkUsersAction } from "~/features/accounts/bulk-api.server.ts";
import { suspendUsers } from "~/features/accounts/users.server.ts";
import { methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/admin.users-suspend";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/usuarios/suspender (admin; docs/product.md#bulk-approval-and-suspension): `{ ids }`,
 * at most 100; suspends them (never the caller's own; their sessions and tokens end), in one transaction.
 */
export function action(args: Route.ActionArgs) {
  return bulkUsersAction(args, suspendUsers, "suspendidas");
}
