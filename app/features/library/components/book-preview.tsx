import type { getBookForPreview } from "~/features/library/books.server.ts";
import { NO_PDF } from "~/features/library/texts.ts";

/**
 * The body of the library's 'Vista Previa' dialog. On a wide screen the PDF is shown in a frame;
 * on a phone (Chrome on Android shows no PDF inside a page) its first pages are shown as images
 * drawn on the server, with 'Abrir PDF' to read on in the phone's own viewer (app.css, .pdf-open).
 */
export function BookPreview({ preview }: { preview: NonNullable<Awaited<ReturnType<typeof getBookForPreview>>> }) {
  if (!preview.hasPdf) {
    return (
      <p role="alert" className="alert-error">
        {NO_PDF}
      </p>
    );
  }
  return (
    <>
      <iframe
        src={preview.pdfUrl}
        title={`Vista previa de ${preview.title}`}
        className="hidden h-[70vh] w-full rounded border border-slate-200 sm:block"
      />
      <div className="sm:hidden">
        {preview.pagesError ? (
          <p role="alert" className="alert-error">
            {preview.pagesError}
          </p>
        ) : (
          <ol aria-label={`Primeras páginas de ${preview.title}`} className="space-y-3">
            {preview.pageImages.map((src, i) => (
              <li key={src}>
                <img
                  src={src}
                  alt={`Página ${i + 1} de ${preview.pages}`}
                  loading={i === 0 ? "eager" : "lazy"}
                  className="w-full rounded border border-slate-200 bg-white"
                />
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <a href={preview.pdfUrl} target="_blank" rel="noopener noreferrer" className="pdf-open sm:hidden">
          Abrir PDF
        </a>
        <a href={preview.downloadUrl} download className="btn-secondary sm:btn-primary">
          Descargar PDF
        </a>
      </div>
    </>
  );
}
