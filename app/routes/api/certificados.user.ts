import { listCertificatesPage } from "~/features/certificates/certificates.server.ts";
import type { UserCertificates } from "~/features/certificates/schema.ts";
import { CERTIFICATES_FORBIDDEN, USER_NOT_FOUND } from "~/features/certificates/texts.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiError, apiPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { requireApiUser, requireSelfOrAdmin } from "~/features/auth/api-guards.server.ts";
import { profileExists } from "~/features/users/profile.server.ts";
import type { Route } from "./+types/certificados.user";

/**
 * GET /api/certificados/usuario/{userId} (Bearer): one's own certificates; admins anyone's.
 * Newest first, 50 a page: the `Link` header (rel="next", rel="prev") gives the other pages.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(args);
    const userId = args.params.userId;
    requireSelfOrAdmin(viewer, userId, CERTIFICATES_FORBIDDEN);
    const url = apiQuery(args.request, ...documentedQuery("/api/certificados/usuario/{userId}"));
    if (viewer.id !== userId) {
      if (!(await profileExists(userId))) return apiError(404, USER_NOT_FOUND);
    }
    const list = await listCertificatesPage(userId, cursorFrom(url));
    return apiPageJson<UserCertificates>({ certificados: list.certificates }, url.href, {
      page: pageFrom(url),
      cursors: list.cursors,
    });
  });
}

export const action = () => methodNotAllowed("GET");
