import { searchBooksJson } from "~/features/library/book-search.server.ts";
import { LOAD_FAILED } from "~/features/library/texts.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiNumberedPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/books.libros";

/**
 * GET /api/books/libros (signed-in): [{ id, title, author, pages, description, pdfUrl }], newest
 * first, 50 a page (?page=N; Link header, X-Total-Count); ?q= searches the starts of words.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(
    async () => {
      await requireApiUser(args);
      const url = apiQuery(args.request, ...documentedQuery("/api/books/libros"));
      const list = await searchBooksJson(url.searchParams.get("q"), pageFrom(url));
      return apiNumberedPageJson(list.books, url.href, list);
    },
    { unexpected: LOAD_FAILED },
  );
}

export const action = () => methodNotAllowed("GET");
