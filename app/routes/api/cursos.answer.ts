import { answerFromApi } from "~/features/quizzes/answer-api.server.ts";
import { requireQuizApiUser } from "~/features/quizzes/api.server.ts";
import { handleApi, methodNotAllowed, readBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.answer";

export const loader = () => methodNotAllowed("POST");

/** POST /api/cursos/{cursoId}/modulos/{moduloIndex}/responder (Bearer): graded on the server. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireQuizApiUser(args);
    return answerFromApi(user, args.params.cursoId, args.params.moduloIndex, await readBody(args.request));
  });
}
