// The API's calls under the OpenAPI tag Biblioteca (docs/product.md#json-api): the list of books, a
// book's PDF, uploading and deleting. The builder (lib/api/openapi.server.ts) puts them
// in the document in this order; each entry names the schemas its route reads and answers with and
// the texts it sends, in the vocabulary of lib/api/operation.server.ts.
import { z } from "zod";
import { BOOK_NOT_FOUND, NO_PDF } from "./texts.ts";
import { BookCreatedSchema, BookJsonSchema, BookUploadFormSchema } from "./schema.ts";
import { error, json, done, PAGED, type Operations } from "~/lib/api/operation.server.ts";

/** The calls of the tag Biblioteca, in the order of the document. */
export const LIBRARY_CALLS: Operations = {
  "/api/books/libros": {
    get: {
      tag: "Biblioteca",
      summary: "Libros, los más nuevos primero",
      description: "50 por página.",
      access: "user",
      query: ["page", "q"],
      ok: { 200: json("Una página de libros.", z.array(BookJsonSchema), [...PAGED, "X-Total-Exact"]) },
    },
  },
  "/api/books/upload": {
    post: {
      tag: "Biblioteca",
      summary: "Subir un libro",
      access: "admin",
      body: { form: BookUploadFormSchema },
      ok: { 201: json("Libro creado.", BookCreatedSchema) },
    },
  },
  "/api/books/download/{libroId}": {
    get: {
      tag: "Biblioteca",
      summary: "El PDF de un libro",
      description: "En línea (para la vista previa); con ?descargar=1, como descarga. Admite Range.",
      access: "user",
      query: ["descargar"],
      ok: { 200: { description: "El PDF.", pdf: true }, 206: { description: "Un rango del PDF.", pdf: true } },
      errors: { 404: error("Libro no encontrado o sin PDF.", BOOK_NOT_FOUND, NO_PDF) },
    },
  },
  "/api/books/{libroId}": {
    delete: {
      tag: "Biblioteca",
      summary: "Eliminar un libro",
      access: "admin",
      ok: { 200: done("Libro eliminado.") },
      errors: { 404: error("Libro no encontrado.", BOOK_NOT_FOUND) },
    },
  },
};
