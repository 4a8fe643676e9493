import { ApiNoticeSchema, type ApiNotice, apiJson } from "~/lib/api.server.ts";
import { json } from "~/lib/api/operation.server.ts";
import { revokeApiToken } from "~/features/accounts/api-token.server.ts";
import { bearer } from "~/features/accounts/api-guards.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/logout", {
  post: {
    tag: "Cuentas",
    summary: "Cerrar el token con que se llama",
    description: "Desde entonces el token se rechaza (401). Otros tokens y sesiones siguen abiertos.",
    access: "token",
    ok: { 200: json("Token cerrado.", ApiNoticeSchema) },
    // Ends the token that makes the call; other tokens and browser sessions stay open.
    handler: async ({ request }) => {
      await revokeApiToken(bearer(request) ?? "");
      return apiJson<ApiNotice>({ message: "Sesión cerrada" });
    },
  },
});
export const action = loader;
