import { serveBookPdf } from "~/features/library/books.server.ts";
import { apiError, handleApi, methodNotAllowed, requireApiUser } from "~/lib/api.server.ts";
import type { Route } from "./+types/books.download";

/** GET /api/books/download/{id} (signed-in): the PDF inline (the preview's source); ?descargar=1 as attachment. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(args);
    const download = new URL(args.request.url).searchParams.get("descargar") === "1";
    const response = await serveBookPdf(args.request, args.params.id, download);
    // The page's viewer shows a text error; API callers get { error } like every other call.
    if (response.status >= 400 && response.status !== 416) return apiError(response.status, await response.text());
    return response;
  });
}

export const action = () => methodNotAllowed("GET");
