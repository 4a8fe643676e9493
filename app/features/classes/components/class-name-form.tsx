// 'Nueva clase' (the course's classes) and 'Cambiar nombre' (the class page): a class's name.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import type { ClassNameFields } from "../schema.ts";
import { CLASS_NAME_HINT, CLASS_NAME_LABEL } from "../texts.ts";

export function ClassNameForm({
  id,
  title,
  submit,
  pendingLabel = submit,
  intent,
  nombre,
  lastResult,
  className = "",
}: {
  id: string;
  title: string;
  submit: string;
  pendingLabel?: string;
  /** The button's intent, where the page has other forms. */
  intent?: string;
  nombre?: string;
  lastResult: SubmissionResult<string[]> | undefined;
  className?: string;
}) {
  const sending = usePendingIntent()(intent ? { intent } : {});
  const [form, fields] = useServerForm<ClassNameFields>(id, lastResult, nombre === undefined ? undefined : { nombre });
  return (
    <section aria-labelledby={`${id}-titulo`} className={`card p-4 sm:p-6 ${className}`}>
      <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.nombre}
          label={CLASS_NAME_LABEL}
          hint={CLASS_NAME_HINT}
          maxLength={80}
          autoComplete="off"
          required
        />
        <button type="submit" name={intent && "intent"} value={intent} className="btn-primary" disabled={sending}>
          {sending ? pendingLabel : submit}
        </button>
      </Form>
    </section>
  );
}
