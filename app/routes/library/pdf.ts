import { requireUser } from "~/features/auth/guards.server.ts";
import { serveBookPdf } from "~/features/library/books.server.ts";
import type { Route } from "./+types/pdf";

// /biblioteca/:id/pdf: a book's PDF for signed-in users. Inline (the preview's source);
// ?descargar=1 downloads it named after the title. Range requests come through serveStoredFile.
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const download = new URL(args.request.url).searchParams.get("descargar") === "1";
  return serveBookPdf(args.request, args.params.id, download);
}
