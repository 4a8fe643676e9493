// /recuperar (docs/product.md#password-recovery): the same answer whether or not an account has the address.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { requestPasswordReset } from "~/features/accounts/recovery.server.ts";
import { RESET_REQUESTED } from "~/features/accounts/recovery-texts.ts";
import { ForgotPasswordSchema, type ForgotPasswordInput } from "~/features/accounts/recovery-schema.ts";
import { failureHeaders, formReply } from "~/lib/failure.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Recuperar contraseña");

export const headers = keepRetryAfter;

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const outcome = await requestPasswordReset(submission.value.correo, request);
  if (!outcome.ok) {
    return data(
      { result: formReply(submission, outcome), sent: false },
      { status: outcome.status, headers: failureHeaders(outcome) },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/recuperar";
  const [form, fields] = useServerForm<ForgotPasswordInput>("recuperar", actionData?.result);
  const sent = navigation.state === "idle" && actionData?.sent;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Recuperar contraseña</h1>
      <p className="mt-2 text-sm text-slate-600">
        Escribe el correo con que ingresas. Te enviaremos un enlace para crear una nueva contraseña; sirve una sola vez
        durante una hora.
      </p>
      {sent ? (
        <div role="status" className="alert-success mt-6">
          {RESET_REQUESTED}
        </div>
      ) : null}
      <Form method="post" action="/recuperar" {...getFormProps(form)} className="card mt-6 space-y-4 p-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.correo} label="Correo electrónico" type="email" autoComplete="email" />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Enviando..." : "Enviar enlace"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        ¿La recordaste?{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Inicia sesión
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        Si ya no puedes leer ese correo, pide a un administrador de la academia un enlace para restablecer tu
        contraseña.
      </p>
    </div>
  );
}
