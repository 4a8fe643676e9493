// /clases/unirse/{token} (decision 041): the class's invitation link; 'Unirme a la clase' joins with
// the very rule of the typed code (joinClass).
import { data, Form, Link, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { joinClass } from "~/features/classes/classes.server.ts";
import { classOfLink } from "~/features/classes/join-link.server.ts";
import { JOIN_LINK_BUTTON } from "~/features/classes/texts.ts";
import { failureHeaders } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/join-link";

const TITLE = "Unirme a una clase";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, TITLE);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const linked = await classOfLink(user, args.params.token);
  if (!linked.ok) {
    return data({ linked: null, error: linked.message }, { status: linked.status, headers: failureHeaders(linked) });
  }
  return { linked, error: null };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const outcome = await joinClass(user, args.params.token, args.request);
  if (outcome.ok) {
    return redirectWithFlash(args.request, `/cursos/${outcome.curso.id}`, {
      type: "success",
      message: outcome.message,
    });
  }
  return data({ error: outcome.message }, { status: outcome.status, headers: failureHeaders(outcome) });
}

export default function JoinLink({ loaderData, actionData }: Route.ComponentProps) {
  const { linked, error } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData?.error ?? error;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{TITLE}</h1>
      {linked ? (
        <p className="mt-4 text-slate-700">
          Clase «{linked.clase.nombre}» del curso «{linked.curso.titulo}».
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {linked?.miembro ? (
        <p className="mt-6">
          Ya eres parte de esta clase.{" "}
          <Link to={`/cursos/${linked.curso.id}`} className="font-medium text-brand-700 underline">
            Ir al curso
          </Link>
        </p>
      ) : linked ? (
        <Form method="post" className="mt-6">
          <p className="text-sm text-slate-600">
            Al unirte quedas en la clase y, si aún no lo estabas, en el curso; tu profesor/a verá tu avance.
          </p>
          <button type="submit" className="btn-primary mt-3" disabled={busy}>
            {JOIN_LINK_BUTTON}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
