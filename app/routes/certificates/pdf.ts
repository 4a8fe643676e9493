// GET /certificados/{codigo}/pdf: the certificate's stable URL (diplomaUrl). Public, like the
// verification page: the code is unguessable. Rendered once on first need, then from storage.
import { certificatePdfByCode } from "~/features/certificates/certificates.server.ts";
import { CERTIFICATE_NOT_FOUND } from "~/features/certificates/texts.ts";
import { serveStoredFile } from "~/lib/serve-file.server.ts";
import type { Route } from "./+types/pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  const pdf = await certificatePdfByCode(params.codigo);
  if (!pdf)
    return new Response(CERTIFICATE_NOT_FOUND, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return serveStoredFile(request, pdf.key, {
    contentType: "application/pdf",
    filename: pdf.filename,
    disposition: "inline",
    cacheControl: "public, max-age=3600",
  });
}
