// Questions waiting for the team (a course's 'Preguntas sin responder', 'Para revisar'), each
// answered on its module's page.
import { Link } from "react-router";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import type { Cursors } from "~/components/ui/pagination.tsx";
import { questionPath } from "../paths.ts";
import { askerLine } from "../texts.ts";
import { QuestionArticle, type QuestionItem } from "./question-article.tsx";

export function UnansweredList({
  preguntas,
  cursors,
  empty,
}: {
  preguntas: Array<QuestionItem & { curso?: string }>;
  cursors: Cursors;
  empty: string;
}) {
  return (
    <>
      {preguntas.length === 0 ? (
        <p className="card mt-4 p-6 text-slate-600">{empty}</p>
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
                    {pregunta.curso ? <span className="text-slate-700">{pregunta.curso} · </span> : null}
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
    </>
  );
}
