import { ChangePasswordSchema } from "~/features/accounts/change-password-schema.ts";
import { TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED } from "~/features/accounts/account-security.ts";
import { ApiNoticeSchema, type ApiNotice, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { changePassword } from "~/features/accounts/change-password.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/change-password", {
  post: {
    tag: "Cuentas",
    summary: "Cambiar la propia contraseña",
    description:
      "Pide la contraseña actual; la nueva sigue las reglas del registro (al menos 8 caracteres, no una de las " +
      "más comunes). Cierra todas las demás sesiones y tokens de la cuenta; el token con que se llama (o, desde " +
      "el sitio, la sesión del navegador) sigue abierto. A lo más 10 contraseñas actuales incorrectas cada " +
      "15 minutos por cuenta.",
    access: "user",
    body: { json: ChangePasswordSchema },
    ok: { 200: json("Contraseña cambiada.", ApiNoticeSchema) },
    errors: {
      400: invalid("Datos inválidos (el mensaje dice cuál) o la contraseña actual incorrecta.", CURRENT_PASSWORD_WRONG),
      429: error("Demasiadas contraseñas actuales incorrectas (ver Retry-After).", TOO_MANY_REQUESTS),
    },
    handler: async ({ user, sessionId, body, request }) => {
      const outcome = await changePassword(user.id, await body(), sessionId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNotice>({ message: PASSWORD_CHANGED });
    },
  },
});
export const action = loader;
