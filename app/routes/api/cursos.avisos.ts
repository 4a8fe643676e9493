import {
  listCourseAnnouncements,
  postAnnouncement,
  readAccess,
} from "~/features/announcements/announcements.server.ts";
import {
  AnnouncementFieldsSchema,
  type AnnouncementJson,
  type AnnouncementList,
} from "~/features/announcements/schema.ts";
import { documentedQuery } from "./openapi.server.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import {
  apiFailure,
  apiJson,
  apiPageJson,
  apiQuery,
  handleApi,
  methodNotAllowed,
  parseBody,
} from "~/lib/api.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/cursos.avisos";

/**
 * GET /api/cursos/{cursoId}/avisos (its enrolled learners and its team): the course's
 * announcements, newest first, 20 a page; the `Link` header (rel="next", rel="prev") gives the
 * other pages (docs/product.md#announcements).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    const url = apiQuery(args.request, ...documentedQuery("/api/cursos/{cursoId}/avisos"));
    const access = await readAccess(user, args.params.cursoId);
    if (!access.ok) return apiFailure(access);
    const list = await listCourseAnnouncements(access.course.id, cursorFrom(url));
    return apiPageJson<AnnouncementList>({ cursoId: access.course.id, avisos: list.avisos }, url.href, {
      page: pageFrom(url),
      cursors: list.cursors,
    });
  });
}

/** POST /api/cursos/{cursoId}/avisos { titulo, texto } (admins and the course's teachers): 201, the announcement. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("GET, POST");
    const user = await requireApiCourseManager(args, args.params.cursoId);
    const body = await parseBody(args.request, AnnouncementFieldsSchema);
    const outcome = await postAnnouncement(user, args.params.cursoId, body, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<AnnouncementJson>(outcome.aviso, 201);
  });
}
