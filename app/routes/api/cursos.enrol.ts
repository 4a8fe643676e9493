import type { Enrolled } from "~/features/courses/course-json.ts";
import { ENROL_OK } from "~/features/enrolment/rules.ts";
import { enrol } from "~/features/enrolment/enrolment.server.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/cursos.enrol";

export const loader = () => methodNotAllowed("POST");

/** POST /api/cursos/{cursoId}/registrarParticipante (Bearer): the same rules as 'Comenzar Curso'. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const viewer = await requireApiUser(args);
    const outcome = await enrol(viewer, args.params.cursoId);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<Enrolled>(
      { message: ENROL_OK, yaInscrito: outcome.alreadyEnrolled },
      outcome.alreadyEnrolled ? 200 : 201,
    );
  });
}
