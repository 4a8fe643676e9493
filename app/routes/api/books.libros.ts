import { searchBooksJson } from "~/features/library/books.server.ts";
import { LOAD_FAILED } from "~/features/library/messages.ts";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/books.libros";

/** GET /api/books/libros (signed-in): [{ id, title, author, pages, description, pdfUrl }], ?q= searches. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(args);
    try {
      return apiJson(await searchBooksJson(new URL(args.request.url).searchParams.get("q")));
    } catch (error) {
      console.error(error);
      return Response.json({ error: LOAD_FAILED }, { status: 500, headers: { "Cache-Control": "no-store" } });
    }
  });
}

export const action = () => methodNotAllowed("GET");
