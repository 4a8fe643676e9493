// 'Unirme a una clase' (docs/product.md#classes) on /user and /docente: posts to the panel's own page.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import type { JoinClassFields } from "../schema.ts";

/** The panel's forms are told apart by this intent (the other is 'Eliminar' of a course). */
export const JOIN_INTENT = "join-class";

export function JoinClassForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === JOIN_INTENT;
  const [form, fields] = useServerForm<JoinClassFields>("unirse-clase", lastResult);
  return (
    <section aria-labelledby="unirse-clase-titulo" className="card mt-6 max-w-xl p-4 sm:p-6">
      <h2 id="unirse-clase-titulo" className="text-lg font-semibold text-slate-900">
        Unirme a una clase
      </h2>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-3 space-y-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.codigo}
          label="Código de la clase"
          hint="Lo entrega tu profesor/a: 8 letras y números, por ejemplo K7MD-4QXA."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
        />
        <input type="hidden" name="intent" value={JOIN_INTENT} />
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Uniéndote..." : "Unirme"}
        </button>
      </Form>
    </section>
  );
}
