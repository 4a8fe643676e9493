import { ForgotPasswordSchema } from "~/features/accounts/recovery-schema.ts";
import { TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { ApiNoticeSchema, type ApiNotice, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { requestPasswordReset } from "~/features/accounts/recovery.server.ts";
import { RESET_REQUESTED } from "~/features/accounts/recovery-texts.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/forgot-password", {
  post: {
    tag: "Cuentas",
    summary: "Pedir un enlace para crear una nueva contraseña",
    description:
      "Responde lo mismo exista o no una cuenta con ese correo; si existe, le envía un enlace a " +
      "/recuperar/{token} que sirve una vez durante una hora y anula los anteriores.",
    access: "public",
    body: { json: ForgotPasswordSchema },
    ok: { 200: json("La respuesta de siempre.", ApiNoticeSchema) },
    errors: {
      429: error(
        "Demasiadas solicitudes desde esta dirección IP o para ese correo (ver Retry-After).",
        TOO_MANY_REQUESTS,
      ),
    },
    handler: async ({ body, request }) => {
      const outcome = await requestPasswordReset((await body()).correo, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNotice>({ message: RESET_REQUESTED });
    },
  },
});
export const action = loader;
