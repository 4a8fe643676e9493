import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { markAllRead, markRead, unreadNotifications } from "~/features/notifications/notify.server.ts";
import { MarkReadSchema } from "~/features/notifications/schema.ts";
import { NOT_FOUND } from "~/features/notifications/texts.ts";
import { ApiError, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/notificaciones.read";

export function loader() {
  return handleApi(async () => methodNotAllowed("POST"));
}

/** POST /api/notificaciones/leidas: { "id": "…" } marks one of the caller's read, { "todas": true } all. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "POST") return methodNotAllowed("POST");
    const user = await requireApiUser(args);
    const input = await parseBody(args.request, MarkReadSchema);
    if (input.todas) await markAllRead(user);
    else if (!(await markRead(user, input.id))) throw new ApiError(404, NOT_FOUND);
    return apiJson({ sinLeer: await unreadNotifications(user) });
  });
}
