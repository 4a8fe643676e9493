// /avisos/baja/{token}: the link every optional notice e-mail carries (objection, Ley 21.719).
// Opening it changes nothing (mail scanners open links); the button — or a mail client's RFC 8058
// one-click POST (List-Unsubscribe-Post), which comes without our cookies — turns the person's
// optional notices off, without signing in. The profile turns them on again.
import { Link } from "react-router";
import { OneTimeLinkPage } from "~/components/ui/one-time-link-page.tsx";
import { setEmailNotices, userOfOptOut } from "~/features/mail/opt-out.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { linkActionAnswer, linkPageAnswer } from "~/lib/one-time-link.server.ts";
import { fail, ok } from "~/lib/failure.ts";
import type { Route } from "./+types/email-notices-off";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Avisos por correo");

const INVALID = "Este enlace para dejar de recibir avisos no es válido. Puedes desactivarlos en tu perfil.";
const DONE =
  "Listo: ya no te enviaremos avisos por correo de mensajes nuevos ni otros avisos opcionales. Los correos " +
  "necesarios para tu cuenta (por ejemplo, para recuperar tu contraseña) siguen llegando. Puedes volver a " +
  "activarlos en tu perfil.";

export function loader({ params }: Route.LoaderArgs) {
  const valid = userOfOptOut(params.token) !== null;
  return linkPageAnswer({ valid }, valid);
}

export async function action({ params }: Route.ActionArgs) {
  const userId = userOfOptOut(params.token);
  const done = userId !== null && (await setEmailNotices(userId, false));
  return linkActionAnswer(done ? ok({ message: DONE }) : fail(404, INVALID));
}

export default function EmailNoticesOff({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OneTimeLinkPage
      title="Avisos por correo"
      answer={actionData}
      live={loaderData.valid}
      button="Dejar de recibir avisos"
      pendingButton="Desactivando…"
      invalid={INVALID}
      links={
        <Link to="/login" className="text-brand-700 hover:underline">
          Ir a iniciar sesión
        </Link>
      }
    >
      <p className="text-slate-700">
        ¿Quieres dejar de recibir por correo los avisos de mensajes nuevos y otros avisos opcionales? Los mensajes
        seguirán llegando a tu bandeja en la academia.
      </p>
    </OneTimeLinkPage>
  );
}
