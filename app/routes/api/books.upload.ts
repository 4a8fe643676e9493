import { uploadBook } from "~/features/library/books.server.ts";
import { BOOK_CREATED, UPLOAD_FAILED } from "~/features/library/texts.ts";
import type { BookCreated } from "~/features/library/schema.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import { fail } from "~/lib/failure.ts";
import type { Route } from "./+types/books.upload";
import { log } from "~/lib/log.server.ts";

export const loader = () => methodNotAllowed("POST");

/** POST /api/books/upload (admin): multipart title, author, description, pages, pdf; { error } on failure. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    await requireApiRole(args, "admin");
    try {
      const outcome = await uploadBook(args.request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<BookCreated>(
        { message: BOOK_CREATED, book: { ...outcome.book, pdfUrl: `/api/books/download/${outcome.book.id}` } },
        201,
      );
    } catch (error) {
      log.error({ err: error }, "No se pudo subir el libro");
      return apiFailure(fail(500, UPLOAD_FAILED));
    }
  });
}
