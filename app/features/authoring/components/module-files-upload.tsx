// A module's PDF upload (several files at once). Without JavaScript a plain multipart POST to
// /docente/cursos/{cursoId}/editar/archivos (redirect + flash back to the module). With JavaScript the
// same form goes by XHR with a progress bar, then the editor's data is refreshed in place.
import { useEffect, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { PDF_ONLY } from "~/lib/file-types.ts";
import { CONNECTION_FAILED, errorMessageOf, looksLikePdf, sendWithProgress } from "~/lib/upload-progress.ts";
import { FILES_REQUIRED, UNAUTHORIZED_AGAIN, UPDATE_FAILED } from "../texts.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

type Status = { type: "success" | "error"; text: string } | null;

export function ModuleFilesUpload({
  courseId,
  moduloId,
  maxPdfMb,
}: {
  courseId: string;
  moduloId: string;
  maxPdfMb: string;
}) {
  const action = `/docente/cursos/${courseId}/editar/archivos`;
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const inputId = `archivos-${moduloId}-input`;
  const statusId = `${inputId}-estado`;

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const form = event.currentTarget;
    const body = new FormData(form);
    const files = body.getAll("archivos").filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length === 0) return setStatus({ type: "error", text: FILES_REQUIRED });
    if (!files.every(looksLikePdf)) return setStatus({ type: "error", text: PDF_ONLY });
    setStatus(null);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const { status: code, json } = await sendWithProgress(action, body, setProgress, controller.signal);
      if (code >= 200 && code < 300) {
        form.reset();
        const message =
          json && typeof json === "object" && "message" in json ? String((json as { message: unknown }).message) : "";
        setStatus({ type: "success", text: message || "Archivos agregados." });
        await revalidator.revalidate();
      } else {
        setStatus({ type: "error", text: code === 401 ? UNAUTHORIZED_AGAIN : (errorMessageOf(json) ?? UPDATE_FAILED) });
      }
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setStatus({ type: "error", text: (error as Error).name === "NetworkError" ? CONNECTION_FAILED : UPDATE_FAILED });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
    }
  }

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      reloadDocument
      onSubmit={hydrated ? upload : undefined}
      className="mt-3 space-y-2"
    >
      <input type="hidden" name="moduloId" value={moduloId} />
      <label htmlFor={inputId} className="label">
        Agregar archivos PDF
      </label>
      <input
        id={inputId}
        name="archivos"
        type="file"
        accept=".pdf,application/pdf"
        multiple
        required
        onChange={() => setStatus(null)}
        className="input"
        aria-describedby={status ? `${statusId} ${inputId}-ayuda` : `${inputId}-ayuda`}
      />
      <p id={`${inputId}-ayuda`} className="text-xs text-slate-500">
        PDF hasta {maxPdfMb}MB cada uno. Puedes elegir varios.
      </p>
      {progress !== null ? <ProgressBar value={progress * 100} label="Progreso de la subida" /> : null}
      {status ? (
        <p
          id={statusId}
          role={status.type === "error" ? "alert" : "status"}
          className={status.type === "error" ? "field-error" : "text-sm font-medium text-green-800"}
        >
          {status.text}
        </p>
      ) : null}
      <button type="submit" className="btn-secondary" disabled={progress !== null}>
        {progress !== null ? "Subiendo..." : "Subir archivos"}
      </button>
    </Form>
  );
}
