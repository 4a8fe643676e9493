import { answerFromApi } from "~/features/quizzes/answer-api.server.ts";
import { requireQuizApiUser } from "~/features/quizzes/api.server.ts";
import { handleApi, methodNotAllowed, readBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/quiz.answers";

export const loader = () => methodNotAllowed("POST");

/** POST /api/quiz/respuestas (Bearer): body cursoId, moduloIndex, respuestas; graded on the server. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireQuizApiUser(args);
    const body = await readBody(args.request);
    return answerFromApi(user, body.cursoId, body.moduloIndex, body);
  });
}
