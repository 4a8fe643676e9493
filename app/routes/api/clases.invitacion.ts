import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { answerInvitation } from "~/features/classes/invitations.server.ts";
import { InvitationAnswerSchema, type InvitationAnswered } from "~/features/classes/schema.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/clases.invitacion";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/clases/invitaciones/{invitacionId} { respuesta } (the invited account only;
 * docs/decisions/032-class-invitations.md): accepts the invitation (the class and, if not yet,
 * its course) or declines it, as the page /invitaciones/{id} does.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiUser(args);
    const body = await parseBody(args.request, InvitationAnswerSchema);
    const outcome = await answerInvitation(user, args.params.invitacionId, body.respuesta, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    const { message, respuesta, clase, curso, inscripcionNueva } = outcome;
    return apiJson<InvitationAnswered>({ message, respuesta, clase, curso, inscripcionNueva });
  });
}
