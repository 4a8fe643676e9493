// /avisos/baja/{token}: the link every optional notice e-mail carries (objection, Ley 21.719).
// Opening it changes nothing (mail scanners open links); the button — or a mail client's RFC 8058
// one-click POST (List-Unsubscribe-Post), which comes without our cookies — turns the person's
// optional notices off, without signing in. A notification's e-mail carries a link for its kind
// (features/mail/opt-out.server.ts): that one stops only that kind's e-mails (the daily digest's,
// 'resumen', stops the digest). The profile turns
// them on again.
import { Link } from "react-router";
import { OneTimeLinkPage } from "~/components/ui/one-time-link-page.tsx";
import { optOutOf, setEmailNotices } from "~/features/mail/opt-out.server.ts";
import { DIGEST_LINK_KIND, optOutLabel } from "~/features/notifications/kinds.ts";
import { stopKindEmails } from "~/features/notifications/notify.server.ts";
import { DIGEST_STOPPED, kindStopped } from "~/features/notifications/texts.ts";
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

/** The link's kind of notification, when it names a known one. */
function kindOf(token: string) {
  const named = optOutOf(token);
  if (!named) return { valid: false, label: null };
  if (named.kind === null) return { valid: true, label: null };
  const label = optOutLabel(named.kind);
  return label ? { valid: true, label } : { valid: false, label: null };
}

export function loader({ params }: Route.LoaderArgs) {
  const view = kindOf(params.token);
  return linkPageAnswer(view, view.valid);
}

export async function action({ params }: Route.ActionArgs) {
  const named = optOutOf(params.token);
  if (named?.kind) {
    const done = await stopKindEmails(named.userId, named.kind);
    const message = named.kind === DIGEST_LINK_KIND ? DIGEST_STOPPED : kindStopped(optOutLabel(named.kind) ?? "");
    return linkActionAnswer(done ? ok({ message }) : fail(404, INVALID));
  }
  const done = named !== null && (await setEmailNotices(named.userId, false));
  return linkActionAnswer(done ? ok({ message: DONE }) : fail(404, INVALID));
}

export default function EmailNoticesOff({ loaderData, actionData }: Route.ComponentProps) {
  const { label } = loaderData;
  return (
    <OneTimeLinkPage
      title="Avisos por correo"
      answer={actionData}
      live={loaderData.valid}
      button={label ? "Dejar de recibir estos correos" : "Dejar de recibir avisos"}
      pendingButton="Desactivando…"
      invalid={INVALID}
      links={
        <Link to="/login" className="text-brand-700 hover:underline">
          Ir a iniciar sesión
        </Link>
      }
    >
      {label ? (
        <p className="text-slate-700">
          ¿Quieres dejar de recibir por correo «{label}»? Las seguirás viendo en «Notificaciones», en la academia.
        </p>
      ) : (
        <p className="text-slate-700">
          ¿Quieres dejar de recibir por correo los avisos de mensajes nuevos y otros avisos opcionales? Los mensajes
          seguirán llegando a tu bandeja en la academia.
        </p>
      )}
    </OneTimeLinkPage>
  );
}
