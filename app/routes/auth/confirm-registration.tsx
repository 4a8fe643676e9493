// /registro/confirmar/{token}: proves the address; a GET changes nothing, the button's POST counts once.
import { Link } from "react-router";
import { OneTimeLinkPage } from "~/components/ui/one-time-link-page.tsx";
import { ADDRESS_LINK_INVALID } from "~/features/accounts/texts.ts";
import { linkAccount } from "~/features/accounts/account-token.server.ts";
import { confirmAddress } from "~/features/accounts/register.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { linkActionAnswer, linkPageAnswer } from "~/lib/one-time-link.server.ts";
import type { Route } from "./+types/confirm-registration";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirmar correo");

export async function loader({ params }: Route.LoaderArgs) {
  const pending = await linkAccount(params.token, "correo");
  return linkPageAnswer({ correo: pending?.correo ?? null }, pending !== null);
}

export async function action({ request, params }: Route.ActionArgs) {
  return linkActionAnswer(await confirmAddress(params.token, request));
}

export default function ConfirmRegistration({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OneTimeLinkPage
      title="Confirmar correo"
      answer={actionData}
      live={loaderData.correo !== null}
      button="Confirmar mi correo"
      pendingButton="Confirmando…"
      invalid={ADDRESS_LINK_INVALID}
      links={
        <>
          <Link to="/cursos" className="text-brand-700 hover:underline">
            Ver cursos
          </Link>
          <Link to="/login" className="text-brand-700 hover:underline">
            Ir a iniciar sesión
          </Link>
        </>
      }
    >
      <p className="text-slate-700">
        Confirma que <strong className="break-all">{loaderData.correo}</strong> es tu correo.
      </p>
    </OneTimeLinkPage>
  );
}
