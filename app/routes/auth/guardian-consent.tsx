// /registro/autorizar/{token}: a guardian's consent (under 14); a GET changes nothing, the POST counts once.
import { Link } from "react-router";
import { OneTimeLinkPage } from "~/components/ui/one-time-link-page.tsx";
import { fullName } from "~/features/accounts/roles.ts";
import { GUARDIAN_LINK_INVALID } from "~/features/accounts/texts.ts";
import { linkAccount } from "~/features/accounts/account-token.server.ts";
import { confirmGuardianConsent } from "~/features/accounts/register.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { linkActionAnswer, linkPageAnswer } from "~/lib/one-time-link.server.ts";
import type { Route } from "./+types/guardian-consent";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Autorizar registro");

export async function loader({ params }: Route.LoaderArgs) {
  const child = await linkAccount(params.token, "tutor");
  return linkPageAnswer({ nombre: child ? fullName(child.nombre, child.apellido) : null }, child !== null);
}

export async function action({ request, params }: Route.ActionArgs) {
  return linkActionAnswer(await confirmGuardianConsent(params.token, request));
}

export default function GuardianConsent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OneTimeLinkPage
      title="Autorizar registro"
      answer={actionData}
      live={loaderData.nombre !== null}
      button={`Autorizo el registro de ${loaderData.nombre ?? ""}`}
      pendingButton="Registrando…"
      invalid={GUARDIAN_LINK_INVALID}
      links={
        <Link to="/cursos" className="text-brand-700 hover:underline">
          Ver cursos
        </Link>
      }
    >
      <p className="text-slate-700">
        <strong>{loaderData.nombre}</strong> se registró en la academia e indicó que eres su madre, padre o tutor. Como
        tiene menos de 14 años, necesitamos tu autorización para tratar sus datos personales y darle acceso a los
        cursos, como explica el{" "}
        <Link to="/privacidad" className="text-brand-700 underline">
          aviso de privacidad
        </Link>
        .
      </p>
    </OneTimeLinkPage>
  );
}
