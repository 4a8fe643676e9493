import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { requireAnonymous } from "~/features/accounts/guards.server.ts";
import { issueDevice, rememberSignIn } from "~/features/accounts/device.server.ts";
import { authenticator } from "~/features/accounts/login.server.ts";
import { homeForRole } from "~/features/accounts/roles.ts";
import { LoginSchema, type LoginInput } from "~/features/accounts/schema.ts";
import { createUserSession } from "~/features/accounts/session.server.ts";
import { asFailure, failureHeaders, formReply } from "~/lib/failure.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Iniciar Sesión");

export const headers = keepRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  await requireAnonymous(args);
  // The form's browser gets its device cookie now: its first attempt spends its own budget (decision 006).
  const device = await issueDevice(args.request);
  return device ? data(null, { headers: { "Set-Cookie": device } }) : null;
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  // remix-auth's FormStrategy reads the body itself, so validate a clone.
  const submission = parseWithZod(await readForm(request.clone()), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await authenticator.authenticate("form", request);
    const home = homeForRole(user.rol);
    if (!home) {
      return data(
        { result: submission.reply({ formErrors: ["Rol desconocido"], hideFields: ["password"] }) },
        { status: 403 },
      );
    }
    const headers = new Headers();
    headers.append("Set-Cookie", await createUserSession(user.id, request));
    headers.append("Set-Cookie", await rememberSignIn(request, user.id));
    return redirect(safeRedirect(submission.value.redirectTo, home), { headers });
  } catch (error) {
    const failure = asFailure(error);
    if (!failure) throw error;
    const headers = new Headers(failureHeaders(failure));
    // A browser that came without a device cookie (it skipped the form) gets one now.
    const device = await issueDevice(request);
    if (device) headers.append("Set-Cookie", device);
    return data(
      { result: formReply(submission, { message: failure.message }, { hideFields: ["password"] }) },
      { status: failure.status, headers },
    );
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  const [form, fields] = useServerForm<LoginInput>("login", actionData?.result);
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Iniciar sesión</h1>
      {redirectTo ? <p className="mt-2 text-sm text-slate-600">Inicia sesión para continuar.</p> : null}
      <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-4 p-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.correo} label="Correo o usuario" autoComplete="username" autoCapitalize="none" />
        <TextField field={fields.password} label="Contraseña" type="password" autoComplete="current-password" />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Ingresando..." : "Iniciar sesión"}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/recuperar" className="font-semibold text-brand-700 hover:underline">
          ¿Olvidaste tu contraseña?
        </Link>
      </p>
      <p className="mt-4 text-center text-sm text-slate-600">
        ¿No tienes cuenta?{" "}
        <Link to="/registro" className="font-semibold text-brand-700 hover:underline">
          Regístrate
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/cursos" className="text-brand-700 hover:underline">
          Ver cursos
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // docs/product.md#texts-sign-in-and-registration: no response / server error / anything else.
  const failed = (detail: string) => ({ title: "Iniciar sesión", detail, alert: true });
  return (
    <GeneralErrorBoundary
      error={error}
      defaultStatusHandler={() => failed("Error en el servidor")}
      unexpectedErrorHandler={(e) =>
        failed(
          e instanceof TypeError
            ? "No se pudo conectar con el servidor. Verifica que esté encendido."
            : `Error inesperado: ${e instanceof Error ? e.message : String(e)}`,
        )
      }
      back={{ href: "/login", label: "Reintentar" }}
    />
  );
}
