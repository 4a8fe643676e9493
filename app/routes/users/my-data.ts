import { requireUser } from "~/features/accounts/guards.server.ts";
import { myDataArchive } from "~/features/privacy/my-data.server.ts";
import { failureHeaders } from "~/lib/failure.ts";
import { zipResponse } from "~/lib/zip.server.ts";
import type { Route } from "./+types/my-data";

// /mis-datos (docs/product.md#my-data): the signed-in person's own ZIP; a visitor goes to /login and back.
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const outcome = await myDataArchive(user.id, args.request);
  if (!outcome.ok) {
    return new Response(outcome.message, {
      status: outcome.status,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...failureHeaders(outcome),
      },
    });
  }
  return zipResponse(outcome.filename, outcome.archive);
}
