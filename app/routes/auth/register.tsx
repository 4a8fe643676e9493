import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Honeypot } from "~/components/ui/honeypot.tsx";
import { FormErrors, SelectField, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { requireAnonymous } from "~/features/accounts/guards.server.ts";
import { registerUser } from "~/features/accounts/register.server.ts";
import { roleLabel, SELF_SERVICE_ROLES } from "~/features/accounts/roles.ts";
import { REQUIRED_ALL } from "~/features/accounts/texts.ts";
import { RegisterSchema, type RegisterFields } from "~/features/accounts/schema.ts";
import { failureHeaders, formReply } from "~/lib/failure.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/register";
import { log } from "~/lib/log.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Registro");

export const headers = keepRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  await requireAnonymous(args);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: RegisterSchema });
  const hideFields = ["password", "confirmarPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  try {
    const outcome = await registerUser(submission.value, request);
    if (!outcome.ok) {
      return data(
        { result: formReply(submission, outcome, { hideFields }) },
        { status: outcome.status, headers: failureHeaders(outcome) },
      );
    }
    // Post/redirect/get: the confirmation is a page of its own (a reload sends nothing again).
    return redirect("/registro/enviado");
  } catch (error) {
    log.error({ err: error }, "No se pudo registrar la cuenta");
    return data(
      { result: submission.reply({ formErrors: ["Hubo un problema al registrarse"], hideFields }) },
      { status: 500 },
    );
  }
}

const ROLE_OPTIONS = SELF_SERVICE_ROLES.map((value) => ({ value, label: roleLabel(value) }));

/** A field whose 'Por favor, completa todos los campos.' shows once, above the form. */
function Field(props: Parameters<typeof TextField>[0]) {
  return <TextField {...props} hideErrors={[REQUIRED_ALL]} />;
}

export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/registro");
  const [form, fields] = useServerForm<RegisterFields>("registro", actionData?.result);
  // Editing a field clears the answer shown (docs/product.md#texts-sign-in-and-registration); a new one shows again.
  const [dismissedFor, setDismissedFor] = useState<unknown>(null);
  const dismissed = actionData !== undefined && dismissedFor === actionData;

  const allFieldErrors = Object.values(form.allErrors).flat();
  const summary = dismissed
    ? []
    : [...(form.errors ?? []), ...(allFieldErrors.includes(REQUIRED_ALL) ? [REQUIRED_ALL] : [])];

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Crear una cuenta</h1>
      <p className="mt-2 text-sm text-slate-600">
        Un administrador revisará tu registro antes de que puedas iniciar sesión.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={() => setDismissedFor(actionData)}
        className="card mt-6 space-y-4 p-6"
      >
        <FormErrors id={form.errorId} errors={summary} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.nombre} label="Nombre" autoComplete="given-name" />
          <Field field={fields.apellido} label="Apellido" autoComplete="family-name" />
        </div>
        <Field field={fields.correo} label="Correo electrónico" type="email" autoComplete="email" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.fechaNacimiento} label="Fecha de nacimiento" type="date" autoComplete="bday" />
          <SelectField
            field={fields.rol}
            label="Rol"
            options={ROLE_OPTIONS}
            placeholder="Selecciona tu rol"
            hideErrors={[REQUIRED_ALL]}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.password} label="Contraseña" type="password" autoComplete="new-password" />
          <Field
            field={fields.confirmarPassword}
            label="Confirmar contraseña"
            type="password"
            autoComplete="new-password"
          />
        </div>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Si tienes menos de 14 años</legend>
          <p className="text-sm text-slate-600">
            Tu madre, padre o tutor debe autorizar tu registro: le enviaremos un enlace a su correo.
          </p>
          <Field field={fields.tutorNombre} label="Nombre de tu madre, padre o tutor" autoComplete="off" />
          <Field field={fields.tutorCorreo} label="Correo de tu madre, padre o tutor" type="email" autoComplete="off" />
        </fieldset>
        <Honeypot />
        <p className="text-sm text-slate-600">
          Al registrarte aceptas el{" "}
          <Link to="/privacidad" className="font-semibold text-brand-700 underline">
            aviso de privacidad
          </Link>
          , que explica qué datos guardamos, para qué y cómo ejercer tus derechos.
        </p>
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Registrando..." : "Registrarse"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        ¿Ya tienes cuenta?{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Inicia sesión
        </Link>
      </p>
    </div>
  );
}
