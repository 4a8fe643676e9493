import { requireUser } from "~/features/accounts/guards.server.ts";
import { serveBookPdf } from "~/features/library/book-pdf.server.ts";
import type { Route } from "./+types/pdf";

// /biblioteca/:id/pdf: a book's PDF for signed-in users. Inline (the preview's source);
// ?descargar=1 downloads it named after the title. Range requests come through serveStoredFile.
// A Failure is plain text: what the page's PDF viewer shows in place of the document.
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const download = new URL(args.request.url).searchParams.get("descargar") === "1";
  const served = await serveBookPdf(args.request, args.params.libroId, download);
  if (served.ok) return served.response;
  return new Response(served.message, {
    status: served.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
