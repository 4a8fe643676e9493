// /entrar/{token} (docs/product.md#sign-in-cards): a GET shows 'Entrar como …' and changes nothing; the button's
// POST signs in. Both count against the sign-in limits.
import { data, Link, redirect } from "react-router";
import { OneTimeLinkPage } from "~/components/ui/one-time-link-page.tsx";
import { rememberSignIn } from "~/features/accounts/device.server.ts";
import { fullName, homeForRole } from "~/features/accounts/roles.ts";
import { createUserSession } from "~/features/accounts/session.server.ts";
import { cardHolder } from "~/features/accounts/sign-in-card.server.ts";
import { CARD_INVALID } from "~/features/accounts/texts.ts";
import { asFailure, failureHeaders } from "~/lib/failure.ts";
import { pageTitle } from "~/lib/meta.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/card-sign-in";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Entrar con tu tarjeta");

// The token is a credential: no-store, and Referrer-Policy same-origin (the POST must still carry its Origin).
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

/** The document's headers: those, and a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => {
  const kept = new Headers(keepRetryAfter(args));
  for (const [name, value] of Object.entries(PRIVATE)) kept.set(name, value);
  return kept;
};

/** A refusal (404 not a live card, 429) as the page's answer. */
function refused(error: unknown) {
  const failure = asFailure(error);
  if (!failure) throw error;
  return data(
    { nombre: null, ok: false as const, message: failure.message },
    { status: failure.status, headers: { ...PRIVATE, ...failureHeaders(failure) } },
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const user = await cardHolder(params.token, request);
    return data({ nombre: fullName(user.nombre, user.apellido), ok: true as const, message: "" }, { headers: PRIVATE });
  } catch (error) {
    return refused(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const user = await cardHolder(params.token, request, true);
    const headers = new Headers(PRIVATE);
    headers.append("Set-Cookie", await createUserSession(user.id, request));
    headers.append("Set-Cookie", await rememberSignIn(request, user.id));
    return redirect(homeForRole(user.rol) ?? "/", { headers });
  } catch (error) {
    return refused(error);
  }
}

export default function CardSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OneTimeLinkPage
      title="Entrar con tu tarjeta"
      answer={actionData}
      live={loaderData.ok}
      button={`Entrar como ${loaderData.nombre ?? ""}`}
      pendingButton="Entrando…"
      invalid={loaderData.message || CARD_INVALID}
      links={
        <Link to="/login" className="text-brand-700 hover:underline">
          Iniciar sesión con usuario y contraseña
        </Link>
      }
    >
      <p className="text-slate-700">
        Esta tarjeta es de <strong>{loaderData.nombre}</strong>. Si no eres tú, no entres: avisa a tu docente.
      </p>
    </OneTimeLinkPage>
  );
}
