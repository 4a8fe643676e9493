import {
  AccountDeletedSchema,
  DeleteAccountSchema,
  type AccountDeletedJson,
} from "~/features/privacy/account-deletion-schema.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { DELETE_PASSWORD_WRONG, LAST_ADMIN, ACCOUNT_DELETED } from "~/features/privacy/account-deletion.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { bearer } from "~/features/accounts/api-guards.server.ts";
import { destroySession } from "~/features/accounts/session.server.ts";
import { deleteOwnAccount } from "~/features/privacy/account-deletion.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/cuenta", {
  delete: {
    tag: "Cuentas",
    summary: "Eliminar la propia cuenta y sus datos personales",
    description:
      "Pide la contraseña. Borra de inmediato el perfil, las inscripciones, los resultados, los mensajes " +
      "recibidos y todas las sesiones y tokens de la cuenta; los mensajes enviados quedan con quienes los " +
      "recibieron, con 'Cuenta eliminada' como remitente. certificados: conservar (por omisión) los deja " +
      "verificables con el nombre que tienen; revocar los revoca (sin nombre ni PDF). A lo más " +
      `${BUDGETS.accountDeletionUser.points} contraseñas incorrectas cada 15 minutos por cuenta. El último ` +
      "administrador aprobado no puede eliminar su cuenta.",
    access: "user",
    body: { json: DeleteAccountSchema },
    ok: { 200: json("Cuenta eliminada.", AccountDeletedSchema) },
    errors: {
      400: invalid("Datos inválidos (el mensaje dice cuál) o la contraseña incorrecta.", DELETE_PASSWORD_WRONG),
      409: error("Eres el único administrador aprobado.", LAST_ADMIN),
      429: error("Demasiadas contraseñas incorrectas (ver Retry-After).", TOO_MANY_REQUESTS),
    },
    handler: async ({ user, body, request }) => {
      const outcome = await deleteOwnAccount(user.id, await body(), request);
      if (!outcome.ok) return apiFailure(outcome);
      const response = apiJson<AccountDeletedJson>({ message: ACCOUNT_DELETED, certificados: outcome.certificados });
      // Called from the site with the session cookie: the (already ended) cookie is cleared too.
      if (bearer(request) === null) response.headers.append("Set-Cookie", await destroySession(request));
      return response;
    },
  },
});
export const action = loader;
