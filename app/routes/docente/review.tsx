import { Form, Link, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { PageLinks } from "~/components/ui/pagination.tsx";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { REVIEW_TITLE } from "~/features/accounts/components/role-panel.tsx";
import { requireDocente } from "~/features/accounts/guards.server.ts";
import { listQueue, queueClasses } from "~/features/assignments/review.server.ts";
import { teachingCourseIds } from "~/features/courses/team.server.ts";
import { UnansweredList } from "~/features/questions/components/unanswered-list.tsx";
import { listToReview } from "~/features/questions/questions.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import { pageFrom, withPage } from "~/lib/pagination.ts";
import type { Route } from "./+types/review";

// /docente/revisar: 'Para revisar', what waits for the teacher across the courses of her teams
// (docs/decisions/042-the-teachers-day.md): the hand-ins waiting, oldest first, by class
// (docs/product.md#returning-a-hand-in), then the unanswered questions, newest first, each with
// the way to answer it. ?lista=entregas pages through the hand-ins alone (the cursor is theirs).
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, REVIEW_TITLE);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireDocente(args);
  const url = new URL(args.request.url);
  const onlyHandIns = url.searchParams.get("lista") === "entregas";
  const claseId = url.searchParams.get("clase") || null;
  const cursor = cursorFrom(url);
  const [entregas, clases, questions] = await Promise.all([
    listQueue(user, { cursor: onlyHandIns ? cursor : null, claseId }),
    teachingCourseIds(user.id).then((ids) => queueClasses(ids)),
    onlyHandIns ? null : listToReview(user, cursor),
  ]);
  invariantResponse(entregas.ok, () => (entregas.ok ? "" : entregas.message), { status: 404 });
  return { onlyHandIns, claseId, entregas, clases, questions };
}

type Data = Route.ComponentProps["loaderData"];

function HandIns({ entregas, clases, claseId, onlyHandIns }: Omit<Data, "questions">) {
  const { search } = useLocation();
  const page = pageFrom(search);
  const { prev, next } = entregas.cursors;
  const base = `?lista=entregas${claseId ? `&clase=${claseId}` : ""}`;
  return (
    <section aria-labelledby="entregas-titulo">
      <h2 id="entregas-titulo" className="mt-6 text-xl font-semibold text-slate-900">
        Entregas por revisar
      </h2>
      <p className="mt-1 text-slate-600">Las de todos tus cursos, la más antigua primero.</p>
      {clases.length > 0 ? (
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Filtrar entregas por clase">
          <input type="hidden" name="lista" value="entregas" />
          <div>
            <label htmlFor="clase" className="label">
              Clase
            </label>
            <select id="clase" name="clase" defaultValue={claseId ?? ""} className="input">
              <option value="">Todas</option>
              {clases.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nombre} ({c.curso})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Filtrar
          </button>
        </Form>
      ) : null}
      {entregas.entregas.length === 0 ? (
        <p className="card mt-4 p-6 text-slate-600">No hay entregas esperando revisión.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {entregas.entregas.map((e) => (
            <li key={e.id} className="card p-4">
              <p className="font-medium break-words text-slate-900">
                {/* A document load: the review page's policy shows PDFs in the page. */}
                <Link to={e.enlace} reloadDocument className="text-brand-700 underline">
                  {e.estudiante}: {e.tarea}
                </Link>
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span className="break-words">{e.curso}</span>
                {e.clases.length > 0 ? <span>· {e.clases.join(", ")}</span> : null}
                <span>· {formatDateTime(e.entregadaEn)}</span>
                {e.atrasada ? <Badge tone="amber">Atrasada</Badge> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {onlyHandIns ? (
        <PageLinks
          label="Paginación de entregas"
          className="mt-6 items-center gap-4"
          prev={prev ? { to: withPage(search, page - 1, { antes: prev }), text: "← Anteriores" } : null}
          next={next ? { to: withPage(search, page + 1, { desde: next }), text: "Siguientes →" } : null}
        />
      ) : next ? (
        <p className="mt-4">
          <Link to={base} className="btn-secondary">
            Ver todas las entregas por revisar
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export default function Review({ loaderData }: Route.ComponentProps) {
  const { questions, ...handIns } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{REVIEW_TITLE}</h1>
      {handIns.onlyHandIns ? (
        <p className="mt-2 text-sm">
          <Link to="/docente/revisar" className="text-brand-700 underline">
            ← Todo lo que espera revisión
          </Link>
        </p>
      ) : null}
      <HandIns {...handIns} />
      {questions ? (
        <>
          <h2 className="mt-8 text-xl font-semibold text-slate-900">Preguntas sin responder</h2>
          <p className="mt-1 text-slate-600">Las de todos tus cursos, la más nueva primero.</p>
          <UnansweredList
            preguntas={questions.preguntas}
            cursors={questions.cursors}
            empty="No hay preguntas sin responder en tus cursos."
          />
        </>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} back={{ href: "/docente/revisar", label: "Reintentar" }} />;
}
