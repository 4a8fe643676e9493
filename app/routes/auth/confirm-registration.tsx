// /registro/confirmar/{token}: the link e-mailed at registration, which proves the address.
// Opening it changes nothing (mail scanners and link previews open links too); the button posts
// the confirmation, which works without JavaScript and counts once.
import { data, Form, Link, useNavigation } from "react-router";
import { ADDRESS_LINK_INVALID } from "~/features/auth/messages.ts";
import { confirmAddress, describeAddressConfirmation } from "~/features/auth/register.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/confirm-registration";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirmar correo");

export async function loader({ params }: Route.LoaderArgs) {
  const pending = await describeAddressConfirmation(params.token);
  return data(
    { correo: pending?.correo ?? null },
    { status: pending ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await confirmAddress(params.token, request);
  if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: outcome.status });
  // Its own 200: the loader that runs after the action finds the link used and says 404.
  return data({ ok: true as const, message: outcome.message }, { status: 200 });
}

export default function ConfirmRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Confirmar correo</h1>
      {actionData ? (
        <div
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 ${actionData.ok ? "alert-success" : "alert-error"}`}
        >
          {actionData.message}
        </div>
      ) : loaderData.correo ? (
        <Form method="post" className="card mt-6 space-y-4 p-6">
          <p className="text-slate-700">
            Confirma que <strong className="break-all">{loaderData.correo}</strong> es tu correo.
          </p>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? "Confirmando…" : "Confirmar mi correo"}
          </button>
        </Form>
      ) : (
        <div role="alert" className="alert-error mt-6">
          {ADDRESS_LINK_INVALID}
        </div>
      )}
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to="/cursos" className="text-brand-700 hover:underline">
          Ver cursos
        </Link>
        <Link to="/login" className="text-brand-700 hover:underline">
          Ir a Iniciar Sesión
        </Link>
      </p>
    </div>
  );
}
