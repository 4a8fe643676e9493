import { uploadBook } from "~/features/library/books.server.ts";
import { BOOK_CREATED, UPLOAD_FAILED } from "~/features/library/texts.ts";
import { BookCreatedSchema, BookUploadFormSchema, type BookCreated } from "~/features/library/schema.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { json } from "~/lib/api/operation.server.ts";
import { fail } from "~/lib/failure.ts";
import { log } from "~/lib/log.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/books/upload", {
  post: {
    tag: "Biblioteca",
    summary: "Subir un libro",
    access: "admin",
    body: { form: BookUploadFormSchema },
    ok: { 201: json("Libro creado.", BookCreatedSchema) },
    // The multipart body is read by uploadBook (its file is streamed to storage).
    handler: async ({ request }) => {
      try {
        const outcome = await uploadBook(request);
        if (!outcome.ok) return apiFailure(outcome);
        const book = { ...outcome.book, pdfUrl: `/api/books/download/${outcome.book.id}` };
        return apiJson<BookCreated>({ message: BOOK_CREATED, book }, 201);
      } catch (error) {
        log.error({ err: error }, "No se pudo subir el libro");
        return apiFailure(fail(500, UPLOAD_FAILED));
      }
    },
  },
});
export const action = loader;
