// A module's question as learners and the team read it, its answers oldest first. Text only: React
// text nodes and safe links.
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { LinkedText } from "~/components/ui/linked-text.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import type { QuestionJson } from "../schema.ts";
import { answererLine, askerLine } from "../texts.ts";

/** One question as the pages show it: the API's shape. */
export type QuestionItem = QuestionJson;

export function QuestionArticle({
  pregunta,
  heading,
  actions,
  answerActions,
  after,
}: {
  pregunta: QuestionItem;
  /** Under each answer: the team's 'Eliminar respuesta'. */
  answerActions?: (respuesta: QuestionItem["respuestas"][number]) => ReactNode;
  /** Above the question, e.g. its module in the course-wide list. */
  heading?: ReactNode;
  actions?: ReactNode;
  /** Below the answers: the team's answer form. */
  after?: ReactNode;
}) {
  const headingId = `pregunta-${pregunta.id}-titulo`;
  return (
    <article id={`pregunta-${pregunta.id}`} aria-labelledby={headingId} className="card scroll-mt-20 p-4">
      {heading}
      <h3 id={headingId} className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{askerLine(pregunta.autor)}</span> ·{" "}
        <time dateTime={pregunta.publicadaEn}>{formatDateTime(pregunta.publicadaEn)}</time>
        {pregunta.editadaEn ? " (editada)" : null}
      </h3>
      <p className="mt-1 flex flex-wrap gap-1.5">
        {pregunta.respondida ? null : <Badge tone="amber">Sin responder</Badge>}
        {pregunta.resuelta ? <Badge tone="green">Resuelta</Badge> : null}
        {pregunta.oculta ? <Badge tone="slate">Oculta</Badge> : null}
      </p>
      <LinkedText text={pregunta.texto} className="mt-2 text-slate-800" />
      {pregunta.respuestas.length > 0 ? (
        <ol aria-label="Respuestas" className="mt-3 space-y-2 border-l-4 border-brand-100 pl-3">
          {pregunta.respuestas.map((r) => (
            <li key={r.id}>
              <p className="text-sm text-slate-600">
                <span className="font-semibold text-slate-900">{answererLine(r.autor)}</span> ·{" "}
                <time dateTime={r.publicadaEn}>{formatDateTime(r.publicadaEn)}</time>
              </p>
              <LinkedText text={r.texto} className="mt-1 text-slate-800" />
              {answerActions ? <div className="mt-1">{answerActions(r)}</div> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      {after}
    </article>
  );
}
