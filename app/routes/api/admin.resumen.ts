import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { getResumen } from "~/features/reports/reports.server.ts";
import type { Resumen } from "~/features/reports/schema.ts";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/admin.resumen";

/** GET /api/admin/resumen (admin): the figures of the panel's Resumen (ResumenSchema). */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiRole(args, "admin");
    return apiJson<Resumen>(await getResumen());
  });
}

export const action = () => methodNotAllowed("GET");
