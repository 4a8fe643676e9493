import { ApiLoginSchema, toApiUser, type ApiLogin } from "~/features/accounts/public-user.ts";
import { LoginSchema } from "~/features/accounts/schema.ts";
import { API_TOKEN_TTL_S, issueApiToken } from "~/features/accounts/api-token.server.ts";
import { TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { ACCOUNT_SUSPENDED, BAD_CREDENTIALS, PENDING_APPROVAL, verifyLogin } from "~/features/accounts/login.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/login", {
  post: {
    tag: "Cuentas",
    summary: "Iniciar sesión y obtener un token",
    description: `El token (JWT) vale ${API_TOKEN_TTL_S / 3600} horas o hasta que se cierre con /api/auth/logout.`,
    access: "public",
    body: { json: LoginSchema },
    ok: { 200: json("El usuario y su token.", ApiLoginSchema) },
    errors: {
      401: error("Correo o contraseña incorrectos.", BAD_CREDENTIALS),
      403: error("Cuenta pendiente de aprobación o suspendida.", PENDING_APPROVAL, ACCOUNT_SUSPENDED),
      429: error("Demasiados intentos (ver Retry-After).", TOO_MANY_REQUESTS),
    },
    // A refusal (401, 403, 429 with Retry-After) is a thrown Failure: handleApi answers it.
    handler: async ({ body, request }) => {
      const user = await verifyLogin(await body(), request);
      return apiJson<ApiLogin>({ user: toApiUser(user), token: await issueApiToken(user) });
    },
  },
});
export const action = loader;
