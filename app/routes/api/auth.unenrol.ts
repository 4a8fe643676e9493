import { NOT_ENROLLED, UNENROL_OK } from "~/features/enrolment/texts.ts";
import { unenrol } from "~/features/enrolment/enrolment.server.ts";
import { type ApiNoticeId, apiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/auth.unenrol";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/auth/usuario/cursos-inscritos/{cursoId}: leaves one of the caller's own courses. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "DELETE") return methodNotAllowed("DELETE");
    const user = await requireApiUser(args);
    const { cursoId } = args.params;
    if (!cursoId || cursoId.length > 64 || !(await unenrol(user.id, cursoId))) return apiError(404, NOT_ENROLLED);
    return apiJson<ApiNoticeId>({ message: UNENROL_OK, id: cursoId });
  });
}
