import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { getPreferences, setPreferences } from "~/features/notifications/notify.server.ts";
import { ApiPreferencesBodySchema } from "~/features/notifications/schema.ts";
import { apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/notificaciones.preferences";

/** GET /api/notificaciones/preferencias: the caller's mode for every kind. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    return apiJson({ preferencias: await getPreferences(user.id) });
  });
}

/**
 * PUT /api/notificaciones/preferencias: { "preferencias": { "aviso": "digest", … } }, the shape GET
 * answers; the kinds left out keep theirs.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "PUT") return methodNotAllowed("GET, PUT");
    const user = await requireApiUser(args);
    const { preferencias } = await parseBody(args.request, ApiPreferencesBodySchema);
    await setPreferences(user.id, preferencias);
    return apiJson({ preferencias: await getPreferences(user.id) });
  });
}
