import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { MY_DATA_TOO_MANY, myDataArchive } from "~/features/privacy/my-data.server.ts";
import { error } from "~/lib/api/operation.server.ts";
import { apiFailure } from "~/lib/api.server.ts";
import { zipResponse } from "~/lib/zip.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/mis-datos", {
  get: {
    tag: "Cuentas",
    summary: "Descargar mis datos (ZIP)",
    description:
      "Todo lo que la academia guarda sobre quien llama, y nada de otra persona: perfil y consentimientos, " +
      "inscripciones, evaluaciones con sus respuestas, certificados (con sus PDF), mensajes enviados y " +
      "recibidos, sesiones y registro de actividad, en archivos JSON con un LEEME.txt. El mismo archivo que " +
      `'Descargar mis datos' del perfil. A lo más ${BUDGETS.myDataUser.points} descargas por hora por cuenta.`,
    access: "user",
    ok: { 200: { description: "El archivo ZIP (mis-datos-academia-AAAA-MM-DD.zip).", zip: true } },
    errors: { 429: error("Demasiadas descargas (ver Retry-After).", MY_DATA_TOO_MANY) },
    handler: async ({ user, request }) => {
      const outcome = await myDataArchive(user.id, request);
      if (!outcome.ok) return apiFailure(outcome);
      return zipResponse(outcome.filename, outcome.archive);
    },
  },
});
export const action = loader;
