import { RegisterSchema } from "~/features/accounts/schema.ts";
import { TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { ApiNoticeSchema, type ApiNotice, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { registerUser } from "~/features/accounts/register.server.ts";
import { REGISTER_OK } from "~/features/accounts/texts.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/register", {
  post: {
    tag: "Cuentas",
    summary: "Crear una cuenta (queda pendiente de aprobación)",
    description:
      "Responde igual (201, el mismo mensaje) si el correo ya tiene una cuenta: no dice qué correos existen. " +
      "A un correo nuevo se le envía un enlace para confirmarlo (vale 7 días); al dueño de un correo ya " +
      "registrado, un aviso ('Alguien intentó crear una cuenta con tu correo…'), o un enlace nuevo si aún " +
      "no lo confirmaba.",
    access: "public",
    body: { json: RegisterSchema },
    ok: { 201: json("Registro recibido; se envió un correo a esa dirección.", ApiNoticeSchema) },
    errors: {
      429: error("Demasiados registros desde esta dirección o para este correo (ver Retry-After).", TOO_MANY_REQUESTS),
    },
    handler: async ({ body, request }) => {
      const outcome = await registerUser(await body(), request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNotice>({ message: REGISTER_OK }, 201);
    },
  },
});
export const action = loader;
