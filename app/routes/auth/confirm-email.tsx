// /confirmar-correo/{token}: the link e-mailed to a new address. Opening it shows what will
// change (a GET changes nothing: mail scanners and link previews open links too); the button
// posts the confirmation, which works without JavaScript and applies the change once.
import { data, Form, Link, useNavigation } from "react-router";
import { confirmEmailChange, describeEmailChange } from "~/features/users/email-change.server.ts";
import { EMAIL_CHANGE_INVALID, EMAIL_CHANGED } from "~/features/users/profile-schema.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/confirm-email";

// The token is in the path; the site-wide Referrer-Policy (strict-origin-when-cross-origin)
// already keeps it from other sites. No "no-referrer" here: browsers would then send
// `Origin: null` with the confirmation POST, which the CSRF check rightly refuses.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirmar correo");

export async function loader({ params }: Route.LoaderArgs) {
  const change = await describeEmailChange(params.token);
  return data(
    { newEmail: change?.newEmail ?? null },
    { status: change ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await confirmEmailChange(params.token, request);
  if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: outcome.status });
  // An explicit 200: after the action the loader runs again and, the link now used, answers 404;
  // without a status of its own the page that says it worked would go out as 404.
  return data({ ok: true as const, message: EMAIL_CHANGED(outcome.correo) }, { status: 200 });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
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
      ) : loaderData.newEmail ? (
        <Form method="post" className="card mt-6 space-y-4 p-6">
          <p className="text-slate-700">
            Confirma que quieres usar <strong className="break-all">{loaderData.newEmail}</strong> como el correo de tu
            cuenta. Desde entonces ingresarás con él.
          </p>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? "Confirmando…" : "Confirmar cambio de correo"}
          </button>
        </Form>
      ) : (
        <div role="alert" className="alert-error mt-6">
          {EMAIL_CHANGE_INVALID}
        </div>
      )}
      <p className="mt-6">
        <Link to="/login" className="text-brand-700 hover:underline">
          Ir a Iniciar Sesión
        </Link>
      </p>
    </div>
  );
}
