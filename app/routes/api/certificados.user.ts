import { listCertificatesForUser } from "~/features/certificates/certificates.server.ts";
import type { UserCertificates } from "~/features/certificates/schema.ts";
import { CERTIFICATES_FORBIDDEN, USER_NOT_FOUND } from "~/features/certificates/messages.ts";
import { apiError, apiJson, handleApi } from "~/lib/api.server.ts";
import { requireApiUser, requireSelfOrAdmin } from "~/features/auth/api-guards.server.ts";
import { profileExists } from "~/features/users/profile.server.ts";
import type { Route } from "./+types/certificados.user";

/** GET /api/certificados/usuario/{userId} (Bearer): one's own certificates; admins anyone's. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(args);
    const userId = args.params.userId;
    requireSelfOrAdmin(viewer, userId, CERTIFICATES_FORBIDDEN);
    if (viewer.id !== userId) {
      if (!(await profileExists(userId))) return apiError(404, USER_NOT_FOUND);
    }
    return apiJson<UserCertificates>({ certificados: await listCertificatesForUser(userId) });
  });
}
