import { requireUser } from "~/features/accounts/guards.server.ts";
import { servePageImage } from "~/features/library/book-pages.server.ts";
import { BOOK_NOT_FOUND } from "~/features/library/texts.ts";
import type { Route } from "./+types/page-image";

// /biblioteca/:libroId/paginas/:pagina: one of a book's first pages as an image (WebP, drawn at
// its first preview), for signed-in users: what the preview shows on a phone.
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const served = await servePageImage(args.request, args.params.libroId, Number(args.params.pagina));
  return (
    served ??
    new Response(BOOK_NOT_FOUND, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    })
  );
}
