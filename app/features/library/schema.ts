// The book upload form (docs/product.md#library): validated on the server only. `pages` may be
// left empty: the service then reads the page count from the PDF.
import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text.ts";

const text = (label: string, max: number) =>
  z
    .string({ error: `Ingresa ${label}.` })
    .trim()
    .min(1, `Ingresa ${label}.`)
    .max(max, `Máximo ${max} caracteres.`);

export const BookFormSchema = z.object({
  // Title and author are one line; the description keeps its line breaks.
  title: singleLineText(text("el título", 200)),
  author: singleLineText(text("el autor", 200)),
  description: multiLineText(text("la descripción", 5000)),
  pages: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: "Las páginas deben ser un número." })
      .int("Las páginas deben ser un número entero.")
      .min(1, "Las páginas deben ser al menos 1.")
      .max(100_000, "Demasiadas páginas.")
      .optional(),
  ),
});
export type BookFormInput = z.infer<typeof BookFormSchema>;
/** The form's fields as typed (the file input included). */
export type BookFields = { title?: string; author?: string; description?: string; pages?: string; pdf?: unknown };

/** POST /api/books/upload (multipart/form-data): the form's fields and the PDF (books.server.ts reads it). */
export const BookUploadFormSchema = z.object({
  ...BookFormSchema.shape,
  pdf: z.file().mime("application/pdf").meta({ description: "El libro en PDF." }),
});

/** A book as GET /api/books/libros lists it: toBookJson's result. */
export const BookJsonSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  pages: z.int().min(1),
  description: z.string(),
  pdfUrl: z.string().meta({ description: "GET /api/books/download/{libroId}." }),
});
export type BookJson = z.output<typeof BookJsonSchema>;

/** POST /api/books/upload (201). */
export const BookCreatedSchema = z.object({
  message: z.string(),
  book: BookJsonSchema.extend({
    downloadUrl: z.string().meta({ description: "La descarga desde la biblioteca del sitio (con sesión)." }),
  }),
});
export type BookCreated = z.output<typeof BookCreatedSchema>;
