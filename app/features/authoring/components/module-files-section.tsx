// A module's PDF files in the course editor: the list (each with its delete link) and the upload.
import { Link } from "react-router";
import type { EditorModule } from "./module-parts.tsx";
import { ModuleFilesUpload } from "./module-files-upload.tsx";

function kb(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function ModuleFilesSection({
  courseId,
  module: m,
  maxPdfMb,
}: {
  courseId: string;
  module: EditorModule;
  maxPdfMb: string;
}) {
  return (
    <section aria-labelledby={`archivos-${m.id}`}>
      <h4 id={`archivos-${m.id}`} className="font-semibold text-slate-900">
        Archivos PDF
      </h4>
      {m.archivos.length === 0 ? <p className="mt-2 text-sm text-slate-600">Sin archivos.</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {m.archivos.map((f) => (
          <li key={f.id} className="flex items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-words">
              {f.nombre} <span className="text-xs text-slate-500">({kb(f.tamano)})</span>
              {!f.disponible ? (
                <span className="ml-1 text-xs font-semibold text-red-700">falta en el servidor</span>
              ) : null}
            </span>
            <Link
              to={`?eliminarArchivo=${f.id}`}
              preventScrollReset
              className="btn-ghost shrink-0 px-2 py-1 text-sm text-red-700"
              aria-label={`Eliminar archivo ${f.nombre}`}
            >
              Eliminar
            </Link>
          </li>
        ))}
      </ul>
      <ModuleFilesUpload courseId={courseId} moduloId={m.id} maxPdfMb={maxPdfMb} />
    </section>
  );
}
