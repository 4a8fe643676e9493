import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { updateNameOnCertificates } from "~/features/certificates/certificates.server.ts";
import { nameUpdated } from "~/features/certificates/texts.ts";
import type { NameUpdated } from "~/features/certificates/schema.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/certificados.actualizar-nombre";

export const loader = () => methodNotAllowed("POST");

/** POST /api/certificados/actualizar-nombre (Bearer): one's certificates get one's current name. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "POST") return methodNotAllowed("POST");
    const user = await requireApiUser(args);
    const outcome = await updateNameOnCertificates(user, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<NameUpdated>({ message: nameUpdated(outcome.updated), actualizados: outcome.updated });
  });
}
