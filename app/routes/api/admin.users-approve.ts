import { requireApiRole } from "~/features/auth/api-guards.server.ts";
import { type BulkAnswer, BulkIdsSchema } from "~/features/users/bulk-schema.ts";
import { approveUsers } from "~/features/users/users.server.ts";
import { apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/admin.users-approve";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/usuarios/aprobar (admin; docs/product.md#bulk-approval-and-suspension): `{ ids }`,
 * at most 100; approves them with the single call's rules, e-mail and audit entry (an unconfirmed
 * address is approved, as PUT /api/auth/approve does), in one transaction.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const admin = await requireApiRole(args, "admin");
    const { ids } = await parseBody(args.request, BulkIdsSchema);
    const outcome = await approveUsers(admin, ids, args.request);
    return apiJson<BulkAnswer>({
      message: `${outcome.done.length} aprobadas, ${outcome.skipped.length} omitidas.`,
      hechas: outcome.done,
      omitidas: outcome.skipped,
    });
  });
}
