import { AdminDeleteUserSchema } from "~/features/privacy/account-deletion-schema.ts";
import { CANNOT_DELETE_SELF, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { error, invalid, done } from "~/lib/api/operation.server.ts";
import { deleteUser } from "~/features/privacy/account-deletion.server.ts";
import { type ApiNoticeId, apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/users/{userId}", {
  delete: {
    tag: "Cuentas",
    summary: "Eliminar una cuenta y sus datos personales",
    description:
      "Como 'Eliminar mi cuenta': cierra sus sesiones y tokens; sus mensajes enviados dicen 'Cuenta eliminada'. " +
      "El cuerpo es opcional: sin él, o sin certificados, los certificados siguen verificables (conservar).",
    access: "admin",
    body: { json: AdminDeleteUserSchema, optional: true },
    ok: { 200: done("Cuenta eliminada.") },
    errors: {
      400: invalid("No puedes eliminar tu propia cuenta, o certificados no válido.", CANNOT_DELETE_SELF),
      404: error("Usuario no encontrado.", USER_NOT_FOUND),
    },
    handler: async ({ user, params: { userId }, body, request }) => {
      const outcome = await deleteUser(user, userId, request, (await body()).certificados);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: "Usuario eliminado", id: userId });
    },
  },
});
export const action = loader;
