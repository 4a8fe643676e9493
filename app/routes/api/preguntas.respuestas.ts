import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { answerQuestion } from "~/features/questions/questions.server.ts";
import { AnswerFieldsSchema, type QuestionJson } from "~/features/questions/schema.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/preguntas.respuestas";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/preguntas/{preguntaId}/respuestas { texto } (the course's team): 201, the question with
 * its answers; whoever asked is told (docs/product.md#module-questions).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiUser(args);
    const body = await parseBody(args.request, AnswerFieldsSchema);
    const outcome = await answerQuestion(user, args.params.preguntaId, body);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<QuestionJson>(outcome.pregunta, 201);
  });
}
