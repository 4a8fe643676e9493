// /recuperar/{token} (docs/product.md#password-recovery): a GET changes nothing; the form sets it once.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { REQUIRED_ALL } from "~/features/accounts/texts.ts";
import { linkAccount } from "~/features/accounts/account-token.server.ts";
import { resetPassword } from "~/features/accounts/recovery.server.ts";
import { RESET_DONE, RESET_LINK_INVALID } from "~/features/accounts/recovery-texts.ts";
import { NewPasswordSchema, type NewPasswordInput } from "~/features/accounts/recovery-schema.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/reset-password";

// The token is in the path: the site's Referrer-Policy keeps it from other sites, and the page links to none.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Nueva contraseña");

const NO_STORE = { "Cache-Control": "no-store" };
const hideFields = ["password", "confirmarPassword"];

export async function loader({ params }: Route.LoaderArgs) {
  const link = await linkAccount(params.token, "password");
  return data({ correo: link?.correo ?? null }, { status: link ? 200 : 404, headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), invalidLink: false }, { status: 400, headers: NO_STORE });
  }
  const outcome = await resetPassword(params.token, submission.value, request);
  if (!outcome.ok) {
    return data(
      { result: formReply(submission, outcome, { hideFields }), invalidLink: outcome.reason === "link" },
      { status: outcome.status, headers: NO_STORE },
    );
  }
  return redirectWithFlash(request, "/login", { type: "success", message: RESET_DONE });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useServerForm<NewPasswordInput>("nueva-contrasena", actionData?.result);
  const allFieldErrors = Object.values(form.allErrors).flat();
  const summary = [...(form.errors ?? []), ...(allFieldErrors.includes(REQUIRED_ALL) ? [REQUIRED_ALL] : [])];
  const usable = loaderData.correo !== null && !actionData?.invalidLink;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Crear una nueva contraseña</h1>
      {usable ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Para la cuenta <strong className="break-all">{loaderData.correo}</strong>. Al guardarla se cerrará la sesión
            en todos tus dispositivos y podrás ingresar con la nueva.
          </p>
          <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-4 p-6">
            <FormErrors id={form.errorId} errors={summary} />
            {/* For password managers: whose password this is (not sent). */}
            <input type="email" autoComplete="username" value={loaderData.correo ?? ""} readOnly hidden />
            <TextField
              field={fields.password}
              label="Nueva contraseña"
              type="password"
              autoComplete="new-password"
              hideErrors={[REQUIRED_ALL]}
            />
            <TextField
              field={fields.confirmarPassword}
              label="Confirmar nueva contraseña"
              type="password"
              autoComplete="new-password"
              hideErrors={[REQUIRED_ALL]}
            />
            <p className="text-xs text-slate-500">
              Al menos 8 caracteres. Una frase de varias palabras es fácil de recordar y difícil de adivinar.
            </p>
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? "Guardando..." : "Guardar contraseña"}
            </button>
          </Form>
        </>
      ) : (
        <>
          <div role="alert" className="alert-error mt-6">
            {RESET_LINK_INVALID}
          </div>
          <p className="mt-6">
            <Link to="/recuperar" className="btn-primary">
              Pedir un enlace nuevo
            </Link>
          </p>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/login" className="text-brand-700 hover:underline">
          Ir a iniciar sesión
        </Link>
      </p>
    </div>
  );
}
