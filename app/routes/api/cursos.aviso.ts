import { deleteAnnouncement, updateAnnouncement } from "~/features/announcements/announcements.server.ts";
import { AnnouncementFieldsSchema, type AnnouncementJson } from "~/features/announcements/schema.ts";
import { ANNOUNCEMENT_DELETED } from "~/features/announcements/texts.ts";
import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed, parseBody, type ApiNoticeId } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.aviso";

const ALLOWED = "PUT, DELETE";

/** GET is not a call here: the course's list (GET /api/cursos/{cursoId}/avisos) has every announcement. */
export const loader = () => methodNotAllowed(ALLOWED);

/**
 * PUT /api/cursos/{cursoId}/avisos/{avisoId} { titulo, texto }: the announcement rewritten;
 * DELETE: gone. Admins and the course's teachers; each change audited (docs/product.md#announcements).
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    const method = args.request.method;
    if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(ALLOWED);
    const user = await requireApiCourseManager(args, args.params.cursoId);
    const { cursoId, avisoId } = args.params;
    if (method === "PUT") {
      const body = await parseBody(args.request, AnnouncementFieldsSchema);
      const outcome = await updateAnnouncement(user, cursoId, avisoId, body, args.request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<AnnouncementJson>(outcome.aviso);
    }
    const outcome = await deleteAnnouncement(user, cursoId, avisoId, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNoticeId>({ message: ANNOUNCEMENT_DELETED, id: avisoId });
  });
}
