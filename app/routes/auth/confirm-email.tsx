// /confirmar-correo/{token}: a GET changes nothing; the button's POST applies the new address once.
import { Link } from "react-router";
import { OneTimeLinkPage } from "~/components/ui/one-time-link-page.tsx";
import { confirmEmailChange, describeEmailChange } from "~/features/accounts/email-change.server.ts";
import { EMAIL_CHANGE_INVALID } from "~/features/accounts/profile-schema.ts";
import { pageTitle } from "~/lib/meta.ts";
import { linkActionAnswer, linkPageAnswer } from "~/lib/one-time-link.server.ts";
import type { Route } from "./+types/confirm-email";

// The token is in the path; the site-wide Referrer-Policy (strict-origin-when-cross-origin)
// already keeps it from other sites. No "no-referrer" here: browsers would then send
// `Origin: null` with the confirmation POST, which the CSRF check rightly refuses.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirmar correo");

export async function loader({ params }: Route.LoaderArgs) {
  const change = await describeEmailChange(params.token);
  return linkPageAnswer({ newEmail: change?.newEmail ?? null }, change !== null);
}

export async function action({ request, params }: Route.ActionArgs) {
  return linkActionAnswer(await confirmEmailChange(params.token, request));
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OneTimeLinkPage
      title="Confirmar correo"
      answer={actionData}
      live={loaderData.newEmail !== null}
      button="Confirmar cambio de correo"
      pendingButton="Confirmando…"
      invalid={EMAIL_CHANGE_INVALID}
      links={
        <Link to="/login" className="text-brand-700 hover:underline">
          Ir a iniciar sesión
        </Link>
      }
    >
      <p className="text-slate-700">
        Confirma que quieres usar <strong className="break-all">{loaderData.newEmail}</strong> como el correo de tu
        cuenta. Desde entonces ingresarás con él.
      </p>
    </OneTimeLinkPage>
  );
}
