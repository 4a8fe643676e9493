// The admin's upload form (SPEC §5 "Book upload"): a plain multipart POST, so it works without
// JavaScript; validation runs on the server (no Zod in the browser).
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import type { BookActionData } from "~/features/library/admin.server.ts";
import type { BookFields } from "~/features/library/schema.ts";

export function UploadBookForm({ actionData, maxMb }: { actionData?: BookActionData; maxMb: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const [form, fields] = useForm<BookFields>({
    id: "subir-libro",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });
  const pdf = fields.pdf;
  const pdfErrors = pdf.errors ?? [];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card space-y-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Subir libro</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.title} label="Título" required maxLength={200} />
      <TextField field={fields.author} label="Autor" required maxLength={200} />
      <TextField field={fields.pages} label="Páginas" type="number" min={1} step={1} inputMode="numeric" />
      <p className="-mt-3 text-xs text-slate-500">Si lo dejas vacío, se lee del PDF.</p>
      <TextAreaField field={fields.description} label="Descripción" rows={3} />
      <div>
        <label htmlFor={pdf.id} className="label">
          Archivo PDF
        </label>
        <input
          id={pdf.id}
          name={pdf.name}
          type="file"
          accept=".pdf,application/pdf"
          aria-invalid={pdfErrors.length > 0 || undefined}
          aria-describedby={pdfErrors.length > 0 ? `${pdf.errorId} ${pdf.id}-ayuda` : `${pdf.id}-ayuda`}
          className="input"
        />
        <p id={`${pdf.id}-ayuda`} className="mt-1 text-xs text-slate-500">
          PDF hasta {maxMb}MB
        </p>
        {pdfErrors.length > 0 ? (
          <p id={pdf.errorId} className="field-error">
            {pdfErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Generando libro..." : "Subir libro"}
      </button>
    </Form>
  );
}
