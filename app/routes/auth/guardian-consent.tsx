// /registro/autorizar/{token}: the link e-mailed to a registrant's parent or guardian (under 14,
// Ley 21.719). Opening it changes nothing (mail scanners open links); 'Autorizo el registro de …'
// posts the consent, which works without JavaScript and counts once.
import { data, Form, Link, useNavigation } from "react-router";
import { fullName } from "~/features/auth/roles.ts";
import { GUARDIAN_LINK_INVALID } from "~/features/auth/messages.ts";
import { confirmGuardianConsent, describeGuardianConsent } from "~/features/auth/register.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/guardian-consent";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Autorizar registro");

export async function loader({ params }: Route.LoaderArgs) {
  const child = await describeGuardianConsent(params.token);
  return data(
    { nombre: child ? fullName(child.nombre, child.apellido) : null },
    { status: child ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await confirmGuardianConsent(params.token, request);
  if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: outcome.status });
  // Its own 200: the loader that runs after the action finds the link used and says 404.
  return data({ ok: true as const, message: outcome.message }, { status: 200 });
}

export default function GuardianConsent({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Autorizar registro</h1>
      {actionData ? (
        <div
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 ${actionData.ok ? "alert-success" : "alert-error"}`}
        >
          {actionData.message}
        </div>
      ) : loaderData.nombre ? (
        <Form method="post" className="card mt-6 space-y-4 p-6">
          <p className="text-slate-700">
            <strong>{loaderData.nombre}</strong> se registró en la academia e indicó que eres su madre, padre o tutor.
            Como tiene menos de 14 años, necesitamos tu autorización para tratar sus datos personales y darle acceso a
            los cursos, como explica el{" "}
            <Link to="/privacidad" className="text-brand-700 underline">
              aviso de privacidad
            </Link>
            .
          </p>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? "Registrando…" : `Autorizo el registro de ${loaderData.nombre}`}
          </button>
        </Form>
      ) : (
        <div role="alert" className="alert-error mt-6">
          {GUARDIAN_LINK_INVALID}
        </div>
      )}
      <p className="mt-6">
        <Link to="/cursos" className="text-brand-700 hover:underline">
          Ver cursos
        </Link>
      </p>
    </div>
  );
}
