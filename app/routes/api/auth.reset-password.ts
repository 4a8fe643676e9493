import { ResetPasswordSchema } from "~/features/accounts/recovery-schema.ts";
import { RESET_LINK_INVALID, RESET_DONE } from "~/features/accounts/recovery-texts.ts";
import { ApiNoticeSchema, type ApiNotice, apiFailure, apiJson } from "~/lib/api.server.ts";
import { invalid, json } from "~/lib/api/operation.server.ts";
import { resetPassword } from "~/features/accounts/recovery.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/reset-password", {
  post: {
    tag: "Cuentas",
    summary: "Crear una nueva contraseña con el token de un enlace de recuperación",
    description:
      "Cierra todas las sesiones y tokens de la cuenta. Una cuenta pendiente o suspendida sigue sin poder " +
      "ingresar hasta que un administrador la apruebe.",
    access: "public",
    body: { json: ResetPasswordSchema },
    ok: { 200: json("Contraseña cambiada.", ApiNoticeSchema) },
    errors: {
      400: invalid("Enlace no válido, usado o vencido, o contraseña que no cumple las reglas.", RESET_LINK_INVALID),
    },
    handler: async ({ body, request }) => {
      const { token, password } = await body();
      const outcome = await resetPassword(token, { password }, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNotice>({ message: RESET_DONE });
    },
  },
});
export const action = loader;
