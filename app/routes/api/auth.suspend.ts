import { CANNOT_SUSPEND_SELF, USER_NOT_FOUND, suspendUser } from "~/features/accounts/users.server.ts";
import { error, done } from "~/lib/api/operation.server.ts";
import { type ApiNoticeId, apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/suspend/{userId}", {
  put: {
    tag: "Cuentas",
    summary: "Suspender una cuenta (cierra sus sesiones y tokens)",
    access: "admin",
    ok: { 200: done("Cuenta suspendida.") },
    errors: {
      400: error("No puedes suspender tu propia cuenta.", CANNOT_SUSPEND_SELF),
      404: error("Usuario no encontrado.", USER_NOT_FOUND),
    },
    handler: async ({ user, params: { userId }, request }) => {
      const outcome = await suspendUser(user, userId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: "Usuario suspendido", id: userId });
    },
  },
});
export const action = loader;
