import { deleteBook } from "~/features/library/books.server.ts";
import { BOOK_NOT_FOUND, bookDeleted, DELETE_FAILED } from "~/features/library/texts.ts";
import { type ApiNoticeId, apiFailure, apiJson } from "~/lib/api.server.ts";
import { done, error } from "~/lib/api/operation.server.ts";
import { fail } from "~/lib/failure.ts";
import { log } from "~/lib/log.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/books/{libroId}", {
  delete: {
    tag: "Biblioteca",
    summary: "Eliminar un libro",
    access: "admin",
    ok: { 200: done("Libro eliminado.") },
    errors: { 404: error("Libro no encontrado.", BOOK_NOT_FOUND) },
    handler: async ({ user, params: { libroId }, request }) => {
      try {
        const outcome = await deleteBook(user, libroId, request);
        if (!outcome.ok) return apiFailure(outcome);
        return apiJson<ApiNoticeId>({ message: bookDeleted(outcome.title), id: libroId });
      } catch (error) {
        log.error({ err: error }, "No se pudo eliminar el libro");
        return apiFailure(fail(500, DELETE_FAILED));
      }
    },
  },
});
export const action = loader;
