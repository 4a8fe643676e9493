import { markAllRead, markRead, unreadNotifications } from "~/features/notifications/notify.server.ts";
import { ApiUnreadSchema, MarkReadSchema } from "~/features/notifications/schema.ts";
import { MARK_READ_INVALID, NOT_FOUND } from "~/features/notifications/texts.ts";
import { ApiError, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/notificaciones/leidas", {
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
    handler: async ({ user, body }) => {
      const input = await body();
      if (input.todas) await markAllRead(user);
      else if (!(await markRead(user, input.id))) throw new ApiError(404, NOT_FOUND);
      return apiJson({ sinLeer: await unreadNotifications(user) });
    },
  },
});
export const action = loader;
