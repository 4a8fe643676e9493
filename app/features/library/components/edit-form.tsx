// The admin's book edit form (docs/product.md#library): a dialog addressed by the URL (?editar=ID),
// so it works without JavaScript; validated on the server only.
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FileField, FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import type { BookActionData } from "~/features/library/admin.server.ts";
import type { BookFields } from "~/features/library/schema.ts";

export type EditableBook = { id: string; title: string; author: string; pages: number; description: string };

export function EditBookDialog({
  book,
  action,
  closeHref,
  actionData,
  maxMb,
}: {
  book: EditableBook;
  /** The page's URL with ?editar=ID (and the list's search and page). */
  action: string;
  closeHref: string;
  actionData?: BookActionData;
  maxMb: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<BookFields>({
    id: `editar-libro-${book.id}`,
    defaultValue: { title: book.title, author: book.author, pages: String(book.pages), description: book.description },
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <UrlDialog title="Editar libro" closeHref={closeHref}>
      <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label="Título" required maxLength={200} />
        <TextField field={fields.author} label="Autor" required maxLength={200} />
        <TextField field={fields.pages} label="Páginas" type="number" min={1} step={1} inputMode="numeric" />
        <p className="-mt-3 text-xs text-slate-500">Si lo dejas vacío, se lee del PDF.</p>
        <TextAreaField field={fields.description} label="Descripción" rows={4} />
        <FileField
          field={fields.pdf}
          label="Reemplazar PDF (opcional)"
          accept=".pdf,application/pdf"
          check={{ kind: "pdf", mb: maxMb }}
          hint={`${"Déjalo vacío para conservar el PDF actual."} PDF hasta ${maxMb}MB`}
        />
        <div className="flex justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className="btn-ghost">
            Cancelar
          </Link>
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? "Guardando..." : "Guardar cambios"}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
