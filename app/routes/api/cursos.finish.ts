import { finishCourse } from "~/features/certificates/certificates.server.ts";
import { FINISH_LOGIN_REQUIRED } from "~/features/certificates/texts.ts";
import { FinishSchema, type Finished } from "~/features/certificates/schema.ts";
import { ApiError, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/cursos.finish";

export const loader = () => methodNotAllowed("POST");

/** POST /api/cursos/finalizar (Bearer): { diplomaUrl } at 100%, or the Spanish error. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const viewer = await requireApiUser(args).catch((error: unknown) => {
      // Neither token nor session: the feature's own message (docs/product.md#certificates).
      if (error instanceof ApiError && error.status === 401 && !args.request.headers.has("Authorization")) {
        throw new ApiError(401, FINISH_LOGIN_REQUIRED);
      }
      throw error;
    });
    const { cursoId } = await parseBody(args.request, FinishSchema);
    const outcome = await finishCourse(viewer, cursoId, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<Finished>(
      { diplomaUrl: outcome.diplomaUrl, codigo: outcome.codigo, verificacionUrl: outcome.verificationUrl },
      outcome.created ? 201 : 200,
    );
  });
}
