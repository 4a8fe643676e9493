// The API twins of Registros' bulk actions (docs/product.md#bulk-approval-and-suspension):
// POST /api/admin/usuarios/aprobar and …/suspender read `{ ids }` and answer alike; each names
// its service (approveUsers, suspendUsers: the one place for the rules, e-mails and audit).
import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import type { GuardArgs } from "~/features/accounts/guards.server.ts";
import { apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import { type BulkAnswer, BulkIdsSchema } from "./bulk-schema.ts";
import type { BulkOutcome } from "./users.server.ts";

type BulkService = (admin: { id: string }, ids: string[], request: Request) => Promise<BulkOutcome>;

/** The action of a bulk call: admin only, POST only, `done` names what happened ("aprobadas"). */
export function bulkUsersAction(args: GuardArgs, service: BulkService, done: string) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const admin = await requireApiRole(args, "admin");
    const { ids } = await parseBody(args.request, BulkIdsSchema);
    const outcome = await service(admin, ids, args.request);
    return apiJson<BulkAnswer>({
      message: `${outcome.done.length} ${done}, ${outcome.skipped.length} omitidas.`,
      hechas: outcome.done,
      omitidas: outcome.skipped,
    });
  });
}
