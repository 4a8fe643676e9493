import { listCertificatesForUser } from "~/features/certificates/certificates.server.ts";
import { CERTIFICATES_FORBIDDEN, USER_NOT_FOUND } from "~/features/certificates/messages.ts";
import { apiError, apiJson, handleApi, requireApiUser } from "~/lib/api.server.ts";
import { prisma } from "~/lib/db.server.ts";
import type { Route } from "./+types/certificados.user";

/** GET /api/certificados/usuario/{userId} (Bearer): one's own certificates; admins anyone's. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(args);
    const userId = args.params.userId;
    const isAdmin = viewer.rol.toLowerCase() === "admin";
    if (viewer.id !== userId && !isAdmin) return apiError(403, CERTIFICATES_FORBIDDEN);
    if (viewer.id !== userId) {
      const exists = await prisma.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!exists) return apiError(404, USER_NOT_FOUND);
    }
    return apiJson({ certificados: await listCertificatesForUser(userId) });
  });
}
