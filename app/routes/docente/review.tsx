import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { REVIEW_TITLE } from "~/features/accounts/components/role-panel.tsx";
import { requireDocente } from "~/features/accounts/guards.server.ts";
import { QuestionArticle } from "~/features/questions/components/question-article.tsx";
import { questionPath } from "~/features/questions/paths.ts";
import { listToReview } from "~/features/questions/questions.server.ts";
import { askerLine } from "~/features/questions/texts.ts";
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
      {preguntas.length === 0 ? (
        <p className="card mt-4 p-6 text-slate-600">No hay preguntas sin responder en tus cursos.</p>
      ) : (
        <div className="mt-4 space-y-3">
          {preguntas.map((pregunta) => {
            const page = questionPath(pregunta.cursoId, pregunta.moduloIndex);
            return (
              <QuestionArticle
                key={pregunta.id}
                pregunta={pregunta}
                heading={
                  <p className="mb-1 text-sm font-medium break-words">
                    <span className="text-slate-700">{pregunta.curso}</span>
                    {" · "}
                    <Link to={page} className="inline-block py-0.5 text-brand-700 hover:underline">
                      {pregunta.modulo}
                    </Link>
                  </p>
                }
                actions={
                  <Link
                    to={`${page}?responder=${pregunta.id}#responder-${pregunta.id}`}
                    className="btn-secondary px-2 py-1"
                    aria-label={`Responder la pregunta de ${askerLine(pregunta.autor)} en ${pregunta.modulo}`}
                  >
                    Responder
                  </Link>
                }
              />
            );
          })}
        </div>
      )}
      <KeysetPager cursors={cursors} label="Paginación de preguntas" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} back={{ href: "/docente/revisar", label: "Reintentar" }} />;
}
