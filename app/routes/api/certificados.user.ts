import { requireSelfOrAdmin } from "~/features/accounts/api-guards.server.ts";
import { API_CERTIFICATES_PAGE_SIZE, listCertificatesPage } from "~/features/certificates/certificates.server.ts";
import { UserCertificatesSchema, type UserCertificates } from "~/features/certificates/schema.ts";
import { CERTIFICATES_FORBIDDEN, USER_NOT_FOUND } from "~/features/certificates/texts.ts";
import { profileExists } from "~/features/profile/profile.server.ts";
import { apiError, apiPageJson } from "~/lib/api.server.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/certificados/usuario/{userId}", {
  get: {
    tag: "Certificados",
    summary: "Certificados de un usuario",
    description:
      "Los propios; un administrador, los de cualquiera. Los más nuevos primero, " +
      `${API_CERTIFICATES_PAGE_SIZE} por página.`,
    access: "user",
    query: [...KEYSET],
    ok: { 200: json("Una página de certificados, los más nuevos primero.", UserCertificatesSchema, ["Link"]) },
    errors: {
      403: error("No es tu cuenta.", CERTIFICATES_FORBIDDEN),
      404: error("Usuario no encontrado.", USER_NOT_FOUND),
    },
    handler: async ({ user, params: { userId }, url }) => {
      requireSelfOrAdmin(user, userId, CERTIFICATES_FORBIDDEN);
      if (user.id !== userId && !(await profileExists(userId))) return apiError(404, USER_NOT_FOUND);
      const list = await listCertificatesPage(userId, cursorFrom(url));
      return apiPageJson<UserCertificates>({ certificados: list.certificates }, url.href, {
        page: pageFrom(url),
        cursors: list.cursors,
      });
    },
  },
});
export const action = loader;
