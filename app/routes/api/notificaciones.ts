import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { toApiNotification } from "~/features/notifications/api.server.ts";
import { API_PAGE_SIZE, listNotifications, unreadNotifications } from "~/features/notifications/notify.server.ts";
import { apiPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/notificaciones";

/**
 * GET /api/notificaciones: the caller's own notifications, newest first, 50 at a time (the `Link`
 * header gives the older and newer pages), with the unread count.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    const url = apiQuery(args.request, ...documentedQuery("/api/notificaciones"));
    const [page, sinLeer] = await Promise.all([
      listNotifications(user, cursorFrom(url), API_PAGE_SIZE),
      unreadNotifications(user),
    ]);
    return apiPageJson({ sinLeer, notificaciones: page.rows.map(toApiNotification) }, url.href, {
      page: pageFrom(url),
      cursors: page.cursors,
    });
  });
}

export function action() {
  return handleApi(async () => methodNotAllowed("GET"));
}
