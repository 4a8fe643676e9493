// The API twins of Registros' bulk actions (docs/product.md#bulk-approval-and-suspension).
import { apiJson } from "~/lib/api.server.ts";
import type { BulkAnswer } from "./bulk-schema.ts";
import type { BulkOutcome } from "./users.server.ts";

type BulkService = (admin: { id: string }, ids: string[], request: Request) => Promise<BulkOutcome>;

/** The answer of a bulk call: `done` names what happened ("aprobadas"). */
export async function bulkUsersAnswer(
  admin: { id: string },
  ids: string[],
  request: Request,
  service: BulkService,
  done: string,
) {
  const outcome = await service(admin, ids, request);
  return apiJson<BulkAnswer>({
    message: `${outcome.done.length} ${done}, ${outcome.skipped.length} omitidas.`,
    hechas: outcome.done,
    omitidas: outcome.skipped,
  });
}
