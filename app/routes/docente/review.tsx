import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { REVIEW_TITLE } from "~/features/accounts/components/role-panel.tsx";
import { requireDocente } from "~/features/accounts/guards.server.ts";
import { UnansweredList } from "~/features/questions/components/unanswered-list.tsx";
import { listToReview } from "~/features/questions/questions.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/review";

// /docente/revisar: 'Para revisar', what waits for the teacher across the courses of her teams
// (docs/decisions/042-the-teachers-day.md): today their unanswered questions, newest first, 20 a
// page, each with the way to answer it on its module's page. Hand-ins will join this page.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, REVIEW_TITLE);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireDocente(args);
  return listToReview(user, cursorFrom(args.request.url));
}

export default function Review({ loaderData }: Route.ComponentProps) {
  const { preguntas, cursors } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{REVIEW_TITLE}</h1>
      <h2 className="mt-6 text-xl font-semibold text-slate-900">Preguntas sin responder</h2>
      <p className="mt-1 text-slate-600">Las de todos tus cursos, la más nueva primero.</p>
      <UnansweredList preguntas={preguntas} cursors={cursors} empty="No hay preguntas sin responder en tus cursos." />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} back={{ href: "/docente/revisar", label: "Reintentar" }} />;
}
