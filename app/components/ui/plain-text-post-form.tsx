// The form for a text shown as LinkedText (plain, line breaks kept, links clickable): an
// announcement ('Publicar un aviso', 'Editar aviso') and a module question or its answer ('Hacer
// una pregunta', 'Editar tu pregunta', 'Responder'). One form, so the hint under the text always
// says what LinkedText does with it.
import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field.tsx";

/** Under every text LinkedText shows (PlainTextPostForm: announcements, questions, answers). */
const TEXT_HINT =
  "Texto simple, sin formato. Los enlaces que empiezan con http:// o https:// se podrán abrir con un clic.";

/** The fields the form sends: `titulo` only where the form asks for a title. */
type PlainTextPost = { titulo?: string; texto: string };

/** What the page's action answered: the refused submission of the form whose button had `intent`. */
type PostReply = { intent: unknown; result: SubmissionResult<string[]> } | undefined;

export function PlainTextPostForm({
  id,
  intent,
  actionData,
  defaultValue,
  idName,
  idValue,
  title,
  text,
  submitLabel,
  pendingLabel,
  cancelHref,
}: {
  /** The form's id (Conform derives the fields' ids from it). */
  id: string;
  /** The submit button's `intent` value: which of the page's forms answers and errors belong to. */
  intent: string;
  actionData: PostReply;
  defaultValue?: PlainTextPost;
  /** A hidden input naming what is edited or answered (`avisoId`, `preguntaId`), when `idValue` is set. */
  idName?: string;
  idValue?: string;
  /** A one-line 'Título' field above the text, when given. */
  title?: { label: string; max: number };
  text: { label: string; max: number; rows?: number };
  submitLabel: string;
  pendingLabel: string;
  /** A 'Cancelar' link beside the button, when given. */
  cancelHref?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<PlainTextPost>({
    id,
    lastResult: navigation.state === "idle" && actionData?.intent === intent ? actionData.result : undefined,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      {idName && idValue ? <input type="hidden" name={idName} value={idValue} /> : null}
      {title ? (
        <TextField field={fields.titulo} label={title.label} maxLength={title.max} autoComplete="off" required />
      ) : null}
      <TextAreaField field={fields.texto} label={text.label} rows={text.rows} />
      <p className="-mt-2 text-xs text-slate-500">
        {TEXT_HINT} Hasta {text.max.toLocaleString("es-CL")} caracteres.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value={intent} className="btn-primary" disabled={sending}>
          {sending ? pendingLabel : submitLabel}
        </button>
        {cancelHref ? (
          <Link to={cancelHref} preventScrollReset className="btn-ghost">
            Cancelar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
