import { MODE_LABEL } from "~/features/notifications/kinds.ts";
import { getPreferences, setPreferences } from "~/features/notifications/notify.server.ts";
import { ApiPreferencesBodySchema, ApiPreferencesSchema } from "~/features/notifications/schema.ts";
import { PREFS_INVALID } from "~/features/notifications/texts.ts";
import { apiJson } from "~/lib/api.server.ts";
import { json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

const MODES = `app (${MODE_LABEL.app}), email (${MODE_LABEL.email}) o digest (${MODE_LABEL.digest})`;

export const loader = apiRoute("/api/notificaciones/preferencias", {
  get: {
    tag: "Notificaciones",
    summary: "Tus preferencias de notificaciones",
    description: `Cómo te llega cada tipo: ${MODES}.`,
    access: "user",
    ok: { 200: json("Las preferencias.", ApiPreferencesSchema) },
    handler: async ({ user }) => apiJson({ preferencias: await getPreferences(user.id) }),
  },
  put: {
    tag: "Notificaciones",
    summary: "Cambiar tus preferencias de notificaciones",
    description:
      `La forma que responde GET: { preferencias: { tipo: modo, … } }, un modo por tipo: ${MODES}; ` +
      "los tipos que no envías no cambian. La aprobación de tu cuenta (cuenta) no se elige: su correo " +
      "es necesario (se acepta solo con el modo que GET responde).",
    access: "user",
    body: { json: ApiPreferencesBodySchema },
    ok: { 200: json("Las preferencias guardadas.", ApiPreferencesSchema) },
    errors: { 400: { description: "Un modo o tipo no válido.", texts: [PREFS_INVALID], varies: true } },
    handler: async ({ user, body }) => {
      await setPreferences(user.id, (await body()).preferencias);
      return apiJson({ preferencias: await getPreferences(user.id) });
    },
  },
});
export const action = loader;
