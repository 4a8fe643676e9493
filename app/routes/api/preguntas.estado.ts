import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { setQuestionState } from "~/features/questions/questions.server.ts";
import { QuestionStateSchema, type QuestionJson } from "~/features/questions/schema.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/preguntas.estado";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/preguntas/{preguntaId}/estado { resuelta?, oculta? } (the course's team): the
 * question's marks, each change audited (docs/product.md#module-questions).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "PUT") return methodNotAllowed("PUT");
    const user = await requireApiUser(args);
    const body = await parseBody(args.request, QuestionStateSchema);
    const outcome = await setQuestionState(user, args.params.preguntaId, body, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<QuestionJson>(outcome.pregunta);
  });
}
