import { NO_PDF } from "~/features/library/texts.ts";

/**
 * The body of the library's 'Vista Previa' dialog. On a wide screen the PDF is shown in a frame;
 * on a phone (Android Chrome shows no PDF inside a page) 'Abrir PDF' opens it in the phone's own
 * viewer instead, as the course page does (app.css, .pdf-open).
 */
export function BookPreview({
  preview,
}: {
  preview: { title: string; hasPdf: boolean; pdfUrl: string; downloadUrl: string };
}) {
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
      <div className="flex flex-wrap justify-end gap-2 sm:mt-3">
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
