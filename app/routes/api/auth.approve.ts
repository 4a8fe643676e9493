import { GUARDIAN_PENDING } from "~/features/accounts/texts.ts";
import { USER_NOT_FOUND, approveUser } from "~/features/accounts/users.server.ts";
import { error, done } from "~/lib/api/operation.server.ts";
import { type ApiNoticeId, apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/approve/{userId}", {
  put: {
    tag: "Cuentas",
    summary: "Aprobar una cuenta",
    access: "admin",
    ok: { 200: done("Cuenta aprobada.") },
    errors: {
      404: error("Usuario no encontrado.", USER_NOT_FOUND),
      409: error("La cuenta espera la autorización de su madre, padre o tutor.", GUARDIAN_PENDING),
    },
    handler: async ({ user, params: { userId }, request }) => {
      const outcome = await approveUser(user, userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: "Usuario aprobado", id: userId });
    },
  },
});
export const action = loader;
