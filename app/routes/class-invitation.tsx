// /invitaciones/{invitacionId} (docs/decisions/032-class-invitations.md): the invited person's
// own invitation to a class, from its notification or e-mail: 'Aceptar invitación' joins the class
// (and its course, if not yet) and lands on the course; 'Rechazar invitación' changes nothing but
// the invitation. Plain POST forms; the same service as POST /api/clases/invitaciones/{id}.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { answerInvitation, readInvitation } from "~/features/classes/invitations.server.ts";
import { InvitationAnswerSchema } from "~/features/classes/schema.ts";
import { INVITATION_ANSWER_REQUIRED, INVITATION_NOT_FOUND } from "~/features/classes/texts.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { failureHeaders } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/class-invitation";

const TITLE = "Invitación a una clase";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, TITLE);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const invitation = await readInvitation(user, args.params.invitacionId);
  invariantResponse(invitation, INVITATION_NOT_FOUND, { status: 404 });
  return { invitation };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: InvitationAnswerSchema });
  if (submission.status !== "success") return data({ error: INVITATION_ANSWER_REQUIRED }, { status: 400 });
  const respuesta = submission.value.respuesta;
  const outcome = await answerInvitation(user, args.params.invitacionId, respuesta, args.request);
  if (!outcome.ok) {
    return data({ error: outcome.message }, { status: outcome.status, headers: failureHeaders(outcome) });
  }
  const to = respuesta === "aceptar" ? `/cursos/${outcome.curso.id}` : "/notificaciones";
  return redirectWithFlash(args.request, to, { type: "success", message: outcome.message });
}

export default function ClassInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{TITLE}</h1>
      <p className="mt-4 text-slate-700">
        {`${invitation.invitadaPor ?? "El equipo docente"} te invita a la clase «${invitation.clase.nombre}» ` +
          `del curso «${invitation.curso.titulo}». ` +
          "Si aceptas, quedas en el curso y tu profesor/a ve tu avance en la clase."}
      </p>
      <p className="mt-1 text-sm text-slate-600">Invitación del {formatDateTime(invitation.invitadaEn)}.</p>
      {invitation.rechazadaEn ? (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Rechazaste esta invitación. Si cambias de opinión, todavía puedes aceptarla.
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <button type="submit" name="respuesta" value="aceptar" className="btn-primary" disabled={busy}>
          Aceptar invitación
        </button>
        {invitation.rechazadaEn ? null : (
          <button type="submit" name="respuesta" value="rechazar" className="btn-secondary" disabled={busy}>
            Rechazar invitación
          </button>
        )}
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
