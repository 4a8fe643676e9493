import { serveBookPdf } from "~/features/library/book-pdf.server.ts";
import { BOOK_NOT_FOUND, NO_PDF } from "~/features/library/texts.ts";
import { apiFailure } from "~/lib/api.server.ts";
import { error } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/books/download/{libroId}", {
  get: {
    tag: "Biblioteca",
    summary: "El PDF de un libro",
    description: "En línea (para la vista previa); con ?descargar=1, como descarga. Admite Range.",
    access: "user",
    query: ["descargar"],
    ok: { 200: { description: "El PDF.", pdf: true }, 206: { description: "Un rango del PDF.", pdf: true } },
    errors: { 404: error("Libro no encontrado o sin PDF.", BOOK_NOT_FOUND, NO_PDF) },
    handler: async ({ request, params, url }) => {
      const served = await serveBookPdf(request, params.libroId, url.searchParams.get("descargar") === "1");
      return served.ok ? served.response : apiFailure(served);
    },
  },
});
export const action = loader;
