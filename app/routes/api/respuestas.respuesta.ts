import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { deleteAnswer } from "~/features/questions/questions.server.ts";
import { ANSWER_DELETED } from "~/features/questions/texts.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, type ApiNoticeId } from "~/lib/api.server.ts";
import type { Route } from "./+types/respuestas.respuesta";

export const loader = () => methodNotAllowed("DELETE");

/**
 * DELETE /api/respuestas/{respuestaId} (the course's team): the answer gone, audited; its question
 * unanswered again when it was the last (docs/product.md#module-questions).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "DELETE") return methodNotAllowed("DELETE");
    const user = await requireApiUser(args);
    const outcome = await deleteAnswer(user, args.params.respuestaId, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: ANSWER_DELETED, id: args.params.respuestaId });
  });
}
