import { toApiNotification } from "~/features/notifications/api.server.ts";
import { API_PAGE_SIZE, listNotifications, unreadNotifications } from "~/features/notifications/notify.server.ts";
import { ApiNotificationListSchema } from "~/features/notifications/schema.ts";
import { apiPageJson } from "~/lib/api.server.ts";
import { json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/notificaciones", {
  get: {
    tag: "Notificaciones",
    summary: "Tus notificaciones",
    description:
      "Las de quien llama, las más nuevas primero, 50 por página (el encabezado Link da las siguientes), " +
      "con la cantidad sin leer. Para marcarlas como leídas: POST /api/notificaciones/leidas.",
    access: "user",
    query: [...KEYSET],
    ok: { 200: json("Una página de notificaciones.", ApiNotificationListSchema, ["Link"]) },
    handler: async ({ user, url }) => {
      const [page, sinLeer] = await Promise.all([
        listNotifications(user, cursorFrom(url), API_PAGE_SIZE),
        unreadNotifications(user),
      ]);
      return apiPageJson({ sinLeer, notificaciones: page.rows.map(toApiNotification) }, url.href, {
        page: pageFrom(url),
        cursors: page.cursors,
      });
    },
  },
});
export const action = loader;
