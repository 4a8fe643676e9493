import { toApiUser } from "~/features/users/public-user.ts";
import { listUsers } from "~/features/users/users.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/auth.users";

const API_PAGE_SIZE = 100;

/** GET /api/auth/users (admin): an array of users, pending first; ?page=N, totals in headers. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiRole(args, "admin");
    const url = apiQuery(args.request, ...documentedQuery("/api/auth/users"));
    const page = Math.min(10_000, Number(url.searchParams.get("page") ?? 1));
    const result = await listUsers({ page, pageSize: API_PAGE_SIZE });
    const response = apiJson(result.users.map(toApiUser));
    response.headers.set("X-Total-Count", String(result.total));
    response.headers.set("X-Page-Count", String(result.pageCount));
    return response;
  });
}

export const action = () => methodNotAllowed("GET");
