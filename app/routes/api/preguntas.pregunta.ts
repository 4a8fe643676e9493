import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { deleteQuestion, editQuestion } from "~/features/questions/questions.server.ts";
import { QuestionFieldsSchema, type QuestionJson } from "~/features/questions/schema.ts";
import { QUESTION_DELETED } from "~/features/questions/texts.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody, type ApiNoticeId } from "~/lib/api.server.ts";
import type { Route } from "./+types/preguntas.pregunta";

const ALLOWED = "PUT, DELETE";

/** GET is not a call here: the module's list has every question with its answers. */
export const loader = () => methodNotAllowed(ALLOWED);

/**
 * PUT /api/preguntas/{preguntaId} { texto }: its author's new text while unanswered. DELETE: its
 * author while unanswered, or the course's team at any time (audited). docs/product.md#module-questions.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const method = args.request.method;
    if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(ALLOWED);
    const user = await requireApiUser(args);
    const { preguntaId } = args.params;
    if (method === "PUT") {
      const body = await parseBody(args.request, QuestionFieldsSchema);
      const outcome = await editQuestion(user, preguntaId, body);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<QuestionJson>(outcome.pregunta);
    }
    const outcome = await deleteQuestion(user, preguntaId, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: QUESTION_DELETED, id: preguntaId });
  });
}
