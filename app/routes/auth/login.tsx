import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { requireAnonymous } from "~/features/auth/guards.server.ts";
import { authenticator, LoginError } from "~/features/auth/login.server.ts";
import { homeForRole } from "~/features/auth/roles.ts";
import { LoginSchema, type LoginInput } from "~/features/auth/schema.ts";
import { createUserSession } from "~/features/auth/session.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Iniciar Sesión");

export async function loader(args: Route.LoaderArgs) {
  await requireAnonymous(args);
  return null;
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
    const setCookie = await createUserSession(user.id);
    return redirect(safeRedirect(submission.value.redirectTo, home), { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof LoginError) {
      const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return data(
        { result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
        { status: error.status, headers },
      );
    }
    console.error(error);
    return data(
      { result: submission.reply({ formErrors: ["Error en el servidor"], hideFields: ["password"] }) },
      { status: 500 },
    );
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  const [form, fields] = useForm<LoginInput>({
    id: "login",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    // Validation runs on the server (one schema, one place): keeping Zod out of the browser
    // saves ~34 KB gzip of JavaScript on these first-load pages.
    shouldValidate: "onSubmit",
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Iniciar sesión</h1>
      {redirectTo ? <p className="mt-2 text-sm text-slate-600">Inicia sesión para continuar.</p> : null}
      <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-4 p-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.correo} label="Correo electrónico" type="email" autoComplete="email" />
        <TextField field={fields.password} label="Contraseña" type="password" autoComplete="current-password" />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Ingresando..." : "Iniciar sesión"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
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
