// A module's PDF upload (several files at once). Without JavaScript a plain multipart POST to
// /admin/courses/edit/{id}/archivos (redirect + flash back here).
import { Form, useNavigation } from "react-router";

export function ModuleFilesUpload({ courseId, moduloId, maxPdfMb }: { courseId: string; moduloId: string; maxPdfMb: string }) {
  const action = `/admin/courses/edit/${courseId}/archivos`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("moduloId") === moduloId;
  const inputId = `archivos-${moduloId}-input`;
  return (
    <Form method="post" action={action} encType="multipart/form-data" preventScrollReset className="mt-3 space-y-2">
      <input type="hidden" name="moduloId" value={moduloId} />
      <label htmlFor={inputId} className="label">
        Agregar archivos PDF
      </label>
      <input id={inputId} name="archivos" type="file" accept=".pdf,application/pdf" multiple required className="input" aria-describedby={`${inputId}-ayuda`} />
      <p id={`${inputId}-ayuda`} className="text-xs text-slate-500">
        PDF hasta {maxPdfMb}MB cada uno. Puedes elegir varios.
      </p>
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? "Subiendo..." : "Subir archivos"}
      </button>
    </Form>
  );
}
