import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import { getPreferences, setPreferences } from "~/features/notifications/notify.server.ts";
import { PreferencesSchema } from "~/features/notifications/schema.ts";
import { apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/notificaciones.preferences";

/** GET /api/notificaciones/preferencias: the caller's mode for every kind. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    return apiJson({ preferencias: await getPreferences(user.id) });
  });
}

/** PUT /api/notificaciones/preferencias: { "aviso": "digest", … }; the kinds left out keep theirs. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "PUT") return methodNotAllowed("GET, PUT");
    const user = await requireApiUser(args);
    await setPreferences(user.id, await parseBody(args.request, PreferencesSchema));
    return apiJson({ preferencias: await getPreferences(user.id) });
  });
}
