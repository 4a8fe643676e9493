// A module's quiz in the course editor: its questions (each editable in place, deletable) and the
// form for a new one; a refused question comes back with what was typed.
import { Form, Link } from "react-router";
import type { EditorActionData, QuestionDraft } from "../editor-types.ts";
import { NEW_QUESTION } from "../editor-types.ts";
import type { Busy, EditorModule } from "./module-parts.tsx";
import { QuestionForm } from "./question-form.tsx";
import { TIPO_LABELS } from "../texts.ts";

export function ModuleQuizSection({
  module: m,
  actionData,
  editQuestionId,
  addingQuestion,
  busy,
  here,
}: {
  module: EditorModule;
  actionData?: EditorActionData;
  editQuestionId: string | null;
  addingQuestion: boolean;
  busy: Busy;
  /** The editor's address (the cancel links go back to it). */
  here: string;
}) {
  const draftFor = (formId: string, saved: QuestionDraft) =>
    actionData?.kind === "question" && actionData.formId === formId
      ? { draft: actionData.draft, errors: actionData.errors }
      : { draft: saved, errors: [] };
  const newFormId = `pregunta-nueva-${m.id}`;
  const newDraft = draftFor(newFormId, NEW_QUESTION);
  return (
    <section aria-labelledby={`evaluacion-${m.id}`} className="mt-6">
      <h4 id={`evaluacion-${m.id}`} className="font-semibold text-slate-900">
        Evaluación ({m.preguntas.length} {m.preguntas.length === 1 ? "pregunta" : "preguntas"})
      </h4>
      {m.preguntas.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Este módulo no tiene evaluación. Agrega preguntas para crearla.</p>
      ) : null}
      <ol className="mt-2 space-y-3">
        {m.preguntas.map((q, qi) => {
          const formId = `pregunta-${q.id}`;
          if (editQuestionId === q.id || (actionData?.kind === "question" && actionData.formId === formId)) {
            const { draft, errors } = draftFor(formId, {
              ...q,
              opciones: q.opciones.map((o) => ({ texto: o.texto, correcta: o.correcta })),
            });
            return (
              <li key={q.id} id={formId} className="scroll-mt-20">
                <QuestionForm
                  key={JSON.stringify(draft)}
                  formId={formId}
                  moduloId={m.id}
                  preguntaId={q.id}
                  draft={draft}
                  errors={errors}
                  cancelHref={`${here}#modulo-${m.id}`}
                  number={qi + 1}
                />
              </li>
            );
          }
          return (
            <li key={q.id} id={formId} className="scroll-mt-20 rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-medium text-slate-900">
                  {qi + 1}. {q.texto}
                </p>
                <div className="flex gap-1">
                  <Link
                    to={`?pregunta=${q.id}#pregunta-${q.id}`}
                    preventScrollReset
                    className="btn-ghost px-2 py-1 text-sm"
                    aria-label={`Editar pregunta ${qi + 1}`}
                  >
                    Editar
                  </Link>
                  <Form method="post" preventScrollReset className="contents">
                    <input type="hidden" name="moduloId" value={m.id} />
                    <input type="hidden" name="preguntaId" value={q.id} />
                    {(
                      [
                        ["question-up", "↑", "Subir", qi === 0],
                        ["question-down", "↓", "Bajar", qi === m.preguntas.length - 1],
                        ["delete-question", "Eliminar", "Eliminar", false],
                      ] as const
                    ).map(([intent, label, verb, edge]) => (
                      <button
                        key={intent}
                        type="submit"
                        name="intent"
                        value={intent}
                        className={`btn-ghost px-2 py-1 text-sm${intent === "delete-question" ? " text-red-700" : ""}`}
                        disabled={edge || busy(intent, ["preguntaId", q.id])}
                        aria-label={`${verb} pregunta ${qi + 1}`}
                      >
                        {label}
                      </button>
                    ))}
                  </Form>
                </div>
              </div>
              <p className="text-sm text-slate-600">
                {TIPO_LABELS[q.tipo as keyof typeof TIPO_LABELS] ?? TIPO_LABELS.unica}
                {q.puntajeParcial ? " · puntaje parcial" : ""}
                {q.tipo === "numerica"
                  ? `: ${q.valor}${q.tolerancia && q.tolerancia !== "0" ? ` ± ${q.tolerancia}` : ""}`
                  : ""}
              </p>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {q.opciones.map((o) => (
                  <li key={o.id} className={o.correcta ? "font-semibold text-green-800" : undefined}>
                    {o.correcta ? "✓ " : "○ "}
                    {o.texto}
                    {o.correcta ? <span className="sr-only"> (correcta)</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      <div className="mt-3">
        {addingQuestion || (actionData?.kind === "question" && actionData.formId === newFormId) ? (
          <QuestionForm
            key={JSON.stringify(newDraft.draft)}
            formId={newFormId}
            moduloId={m.id}
            draft={newDraft.draft}
            errors={newDraft.errors}
            cancelHref={`${here}#modulo-${m.id}`}
            number={m.preguntas.length + 1}
          />
        ) : (
          <Link to={`?nuevaPregunta=${m.id}#pregunta-nueva-${m.id}`} preventScrollReset className="btn-secondary">
            + Agregar pregunta
          </Link>
        )}
      </div>
    </section>
  );
}
