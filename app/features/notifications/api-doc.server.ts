// The API's calls under the OpenAPI tag Notificaciones (docs/product.md#notifications), in the
// vocabulary of lib/api/operation.server.ts.
import { error, json, KEYSET, type Operations } from "~/lib/api/operation.server.ts";
import { MODE_LABEL } from "./kinds.ts";
import {
  ApiNotificationListSchema,
  ApiPreferencesSchema,
  ApiUnreadSchema,
  MarkReadSchema,
  ApiPreferencesBodySchema,
} from "./schema.ts";
import { MARK_READ_INVALID, NOT_FOUND, PREFS_INVALID } from "./texts.ts";

const MODES = `app (${MODE_LABEL.app}), email (${MODE_LABEL.email}) o digest (${MODE_LABEL.digest})`;

export const NOTIFICATION_CALLS: Operations = {
  "/api/notificaciones": {
    get: {
      tag: "Notificaciones",
      summary: "Tus notificaciones",
      description:
        "Las de quien llama, las más nuevas primero, 50 por página (el encabezado Link da las siguientes), " +
        "con la cantidad sin leer. Para marcarlas como leídas: POST /api/notificaciones/leidas.",
      access: "user",
      query: [...KEYSET],
      ok: { 200: json("Una página de notificaciones.", ApiNotificationListSchema, ["Link"]) },
    },
  },
  "/api/notificaciones/leidas": {
    post: {
      tag: "Notificaciones",
      summary: "Marcar notificaciones como leídas",
      description: '{ "id": "…" } marca una de las tuyas; { "todas": true }, todas. Responde cuántas quedan sin leer.',
      access: "user",
      body: { json: MarkReadSchema },
      ok: { 200: json("Cuántas quedan sin leer.", ApiUnreadSchema) },
      errors: {
        400: error("Ni un id ni todas.", MARK_READ_INVALID),
        404: error("No es una notificación tuya.", NOT_FOUND),
      },
    },
  },
  "/api/notificaciones/preferencias": {
    get: {
      tag: "Notificaciones",
      summary: "Tus preferencias de notificaciones",
      description: `Cómo te llega cada tipo: ${MODES}.`,
      access: "user",
      ok: { 200: json("Las preferencias.", ApiPreferencesSchema) },
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
    },
  },
};
