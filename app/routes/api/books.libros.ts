import { z } from "zod";
import { searchBooksJson } from "~/features/library/book-search.server.ts";
import { BookJsonSchema } from "~/features/library/schema.ts";
import { LOAD_FAILED } from "~/features/library/texts.ts";
import { apiNumberedPageJson } from "~/lib/api.server.ts";
import { json, PAGED } from "~/lib/api/operation.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/books/libros", {
  get: {
    tag: "Biblioteca",
    summary: "Libros, los más nuevos primero",
    description: "50 por página.",
    access: "user",
    query: ["page", "q"],
    ok: { 200: json("Una página de libros.", z.array(BookJsonSchema), [...PAGED, "X-Total-Exact"]) },
    unexpected: LOAD_FAILED,
    handler: async ({ url }) => {
      const list = await searchBooksJson(url.searchParams.get("q"), pageFrom(url));
      return apiNumberedPageJson(list.books, url.href, list);
    },
  },
});
export const action = loader;
