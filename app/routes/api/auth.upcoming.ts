import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { upcomingDueDates } from "~/features/due-dates/due-dates.server.ts";
import { upcomingJson } from "~/features/due-dates/schema.ts";
import { handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.upcoming";

/**
 * GET /api/auth/proximas-fechas (Bearer or the session cookie): the caller's 'Próximas fechas'
 * (docs/product.md#due-dates), the same service as the panel's list. 401 without credentials.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    return Response.json(upcomingJson(await upcomingDueDates(user.id)), { headers: { "Cache-Control": "no-store" } });
  });
}

export const action = () => methodNotAllowed("GET");
