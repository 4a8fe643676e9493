import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { joinClass } from "~/features/classes/classes.server.ts";
import { JoinClassSchema, type JoinedClass } from "~/features/classes/schema.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/clases.unirse";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/clases/unirse { codigo } (any signed-in account): joins the class of that code and,
 * if not yet, its course, as 'Unirme a una clase' does (docs/product.md#classes). 201 for the new
 * membership; 409 when already a member.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiUser(args);
    const body = await parseBody(args.request, JoinClassSchema);
    const outcome = await joinClass(user, body.codigo, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    const { message, clase, curso, inscripcionNueva } = outcome;
    return apiJson<JoinedClass>({ message, clase, curso, inscripcionNueva }, 201);
  });
}
