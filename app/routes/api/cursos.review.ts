import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import type { CourseState } from "~/features/courses/course-json.ts";
import { returnToDraft, sendForReview } from "~/features/courses/review.server.ts";
import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import { ReturnToDraftSchema } from "~/features/courses/team-schema.ts";
import { REVIEW_RETURNED, REVIEW_SENT } from "~/features/courses/texts.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.review";

export const loader = () => methodNotAllowed("PUT, DELETE");

/**
 * PUT /api/cursos/{cursoId}/revision (admins and the course's teachers): 'Enviar a revisión'.
 * DELETE /api/cursos/{cursoId}/revision (admin): 'Devolver a borrador' with { comentario } for the
 * team (docs/product.md#course-teams).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const id = args.params.cursoId;
    if (args.request.method === "PUT") {
      const user = await requireApiCourseManager(args, id);
      const outcome = await sendForReview(user, id, args.request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: REVIEW_SENT, id, estado: "en_revision" });
    }
    if (args.request.method === "DELETE") {
      const admin = await requireApiRole(args, "admin");
      const body = await parseBody(args.request, ReturnToDraftSchema);
      const outcome = await returnToDraft(admin, id, body.comentario, args.request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: REVIEW_RETURNED, id, estado: "borrador" });
    }
    return methodNotAllowed("PUT, DELETE");
  });
}
