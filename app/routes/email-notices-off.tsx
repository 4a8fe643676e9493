// /avisos/baja/{token}: the link every optional notice e-mail carries (objection, Ley 21.719).
// Opening it changes nothing (mail scanners open links); the button — or a mail client's RFC 8058
// one-click POST (List-Unsubscribe-Post), which comes without our cookies — turns the person's
// optional notices off, without signing in. The profile turns them on again.
import { data, Form, Link, useNavigation } from "react-router";
import { setEmailNotices, userOfOptOut } from "~/features/mail/opt-out.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/email-notices-off";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Avisos por correo");

const INVALID = "Este enlace para dejar de recibir avisos no es válido. Puedes desactivarlos en tu perfil.";
const DONE =
  "Listo: ya no te enviaremos avisos por correo de mensajes nuevos ni otros avisos opcionales. Los correos " +
  "necesarios para tu cuenta (por ejemplo, para recuperar tu contraseña) siguen llegando. Puedes volver a " +
  "activarlos en tu perfil.";

export function loader({ params }: Route.LoaderArgs) {
  const valid = userOfOptOut(params.token) !== null;
  return data({ valid }, { status: valid ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}

export async function action({ params }: Route.ActionArgs) {
  const userId = userOfOptOut(params.token);
  if (!userId || !(await setEmailNotices(userId, false))) {
    return data({ ok: false as const, message: INVALID }, { status: 404 });
  }
  return data({ ok: true as const, message: DONE }, { status: 200 });
}

export default function EmailNoticesOff({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Avisos por correo</h1>
      {actionData ? (
        <div
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 ${actionData.ok ? "alert-success" : "alert-error"}`}
        >
          {actionData.message}
        </div>
      ) : loaderData.valid ? (
        <Form method="post" className="card mt-6 space-y-4 p-6">
          <p className="text-slate-700">
            ¿Quieres dejar de recibir por correo los avisos de mensajes nuevos y otros avisos opcionales? Los mensajes
            seguirán llegando a tu bandeja en la academia.
          </p>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? "Desactivando…" : "Dejar de recibir avisos"}
          </button>
        </Form>
      ) : (
        <div role="alert" className="alert-error mt-6">
          {INVALID}
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
