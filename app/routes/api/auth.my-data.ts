import { requireApiUser } from "~/features/accounts/api-guards.server.ts";
import { myDataArchive } from "~/features/privacy/my-data.server.ts";
import { apiFailure, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { zipResponse } from "~/lib/zip.server.ts";
import type { Route } from "./+types/auth.my-data";

/**
 * GET /api/auth/mis-datos (Bearer or the session cookie): the caller's own data as the ZIP that
 * 'Descargar mis datos' gives (docs/product.md#my-data). 401 without credentials, 429 with
 * Retry-After past the account's downloads per hour.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    const outcome = await myDataArchive(user.id, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return zipResponse(outcome.filename, outcome.archive);
  });
}

export const action = () => methodNotAllowed("GET");
