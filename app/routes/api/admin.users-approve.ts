import { bulkUsersAction } from "~/features/accounts/bulk-api.server.ts";
import { approveUsers } from "~/features/accounts/users.server.ts";
import { methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/admin.users-approve";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/usuarios/aprobar (admin; docs/product.md#bulk-approval-and-suspension): `{ ids }`,
 * at most 100; approves them with the single call's rules, e-mail and audit entry (an unconfirmed
 * address is approved, as PUT /api/auth/approve does), in one transaction.
 */
export function action(args: Route.ActionArgs) {
  return bulkUsersAction(args, approveUsers, "aprobadas");
}
