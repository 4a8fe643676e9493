// The admin's upload form (docs/product.md#library): a plain multipart POST without JavaScript;
// with it, sent to POST /api/books/upload with a progress bar, and a PDF may be dropped on it.
import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { FileField, FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { useForThreeSeconds } from "~/components/ui/use-for-three-seconds.ts";
import type { BookActionData } from "~/features/library/admin.server.ts";
import type { BookFields } from "~/features/library/schema.ts";
import { checkChosenFile, PDF_ONLY } from "~/lib/file-types.ts";
import { CONNECTION_FAILED, errorMessageOf, looksLikePdf, sendWithProgress } from "~/lib/upload-progress.ts";
import { BOOK_CREATED, PDF_FIELD, PDF_REQUIRED, UPLOAD_FAILED } from "../texts.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

const UPLOAD_URL = "/api/books/upload";

/**
 * `formKey` changes when the list gains a book: the fields remount empty, while the success
 * message (kept out here) stays for its 3 seconds.
 */
export function UploadBookForm({
  actionData,
  maxMb,
  formKey,
}: {
  actionData?: BookActionData;
  maxMb: string;
  formKey: string;
}) {
  const [createdAt, setCreatedAt] = useState(0);
  const okVisible = useForThreeSeconds(createdAt, createdAt > 0);
  return (
    <div className="card space-y-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Subir libro</h2>
      {okVisible ? (
        <p role="status" className="alert-success">
          {BOOK_CREATED}
        </p>
      ) : null}
      <BookForm key={formKey} actionData={actionData} maxMb={maxMb} onCreated={() => setCreatedAt(Date.now())} />
    </div>
  );
}

function BookForm({
  actionData,
  maxMb,
  onCreated,
}: {
  actionData?: BookActionData;
  maxMb: string;
  onCreated: () => void;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [form, fields] = useForm<BookFields>({
    id: "subir-libro",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const sending =
    progress !== null || (navigation.state === "submitting" && navigation.formEncType === "multipart/form-data");
  const pdf = fields.pdf;
  const pdfErrors = pdfError ? [pdfError] : (pdf.errors ?? []);

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const el = event.currentTarget;
    const body = new FormData(el);
    const file = body.get(PDF_FIELD);
    setError(null);
    if (!(file instanceof File) || file.size === 0) return setPdfError(PDF_REQUIRED);
    const problem = looksLikePdf(file) ? checkChosenFile(file, "pdf", maxMb) : PDF_ONLY;
    if (problem) return setPdfError(problem);
    setPdfError(null);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const { status, json } = await sendWithProgress(UPLOAD_URL, body, setProgress, controller.signal);
      if (status >= 200 && status < 300) {
        el.reset();
        onCreated();
        void revalidator.revalidate();
      } else {
        setError(errorMessageOf(json) ?? UPLOAD_FAILED);
      }
    } catch (e) {
      if ((e as Error).name === "AbortError") return;
      setError((e as Error).name === "NetworkError" ? CONNECTION_FAILED : UPLOAD_FAILED);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
    }
  }

  function drop(event: React.DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    const input = fileRef.current;
    if (!file || !input) return;
    if (!looksLikePdf(file)) {
      input.value = "";
      return setPdfError(PDF_ONLY);
    }
    // The dropped file becomes the input's file, so both ways of sending see it.
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.files = chosen.files;
    setPdfError(null);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={hydrated ? upload : undefined}
      className="space-y-4"
    >
      <FormErrors id={form.errorId} errors={error ? [error] : form.errors} />
      <TextField field={fields.title} label="Título" required maxLength={200} />
      <TextField field={fields.author} label="Autor" required maxLength={200} />
      <TextField field={fields.pages} label="Páginas" type="number" min={1} step={1} inputMode="numeric" />
      <p className="-mt-3 text-xs text-slate-500">Si lo dejas vacío, se lee del PDF.</p>
      <TextAreaField field={fields.description} label="Descripción" rows={3} />
      <div
        data-drop-zone
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={
          hydrated
            ? `rounded-lg border-2 border-dashed p-3 ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300"}`
            : undefined
        }
      >
        <FileField
          ref={fileRef}
          field={pdf}
          label="Archivo PDF"
          accept=".pdf,application/pdf"
          check={{ kind: "pdf", mb: maxMb }}
          onChange={() => setPdfError(null)}
          hint={`PDF hasta ${maxMb}MB${hydrated ? " · o arrastra el archivo aquí" : ""}`}
          errors={pdfErrors}
        />
      </div>
      {progress !== null ? <ProgressBar value={progress * 100} label="Progreso de la subida" /> : null}
      <button type="submit" className="btn-primary w-full" disabled={sending}>
        {sending ? "Generando libro..." : "Subir libro"}
      </button>
    </Form>
  );
}
