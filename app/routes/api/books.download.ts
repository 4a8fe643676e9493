import { serveBookPdf } from "~/features/library/book-pdf.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiFailure, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/books.download";

/** GET /api/books/download/{libroId} (signed-in): the PDF inline (the preview's source); ?descargar=1 as attachment. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(args);
    const url = apiQuery(args.request, ...documentedQuery("/api/books/download/{libroId}"));
    const download = url.searchParams.get("descargar") === "1";
    const served = await serveBookPdf(args.request, args.params.libroId, download);
    return served.ok ? served.response : apiFailure(served);
  });
}

export const action = () => methodNotAllowed("GET");
