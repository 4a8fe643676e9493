// One quiz question, created or edited in place (docs/product.md#course-editor). The buttons 'Agregar opción' and
// 'Quitar' post the draft to the server, which applies the rules (at least 2 options, removing
// the correct one makes the first correct) and returns it unsaved: the same with or without
// JavaScript, and nothing typed is lost. 'Guardar pregunta' saves it.
import { Form, Link } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { MAX_QUESTION_OPTIONS, MIN_QUESTION_OPTIONS } from "../texts.ts";
import type { QuestionDraft } from "../editor-types.ts";

export function QuestionForm({
  formId,
  moduloId,
  preguntaId,
  draft,
  errors,
  cancelHref,
  number,
}: {
  formId: string;
  moduloId: string;
  preguntaId?: string;
  draft: QuestionDraft;
  errors: string[];
  cancelHref: string;
  number: number;
}) {
  const pending = usePendingIntent();
  const busy = pending({ formId }, { untilLoaded: true });
  const saving = pending({ formId, intent: "save-question" }, { untilLoaded: true });
  const canRemove = draft.opciones.length > MIN_QUESTION_OPTIONS;
  const errorId = `${formId}-errores`;
  return (
    <Form
      method="post"
      preventScrollReset
      id={formId}
      className="space-y-3 rounded-md border border-brand-200 bg-brand-50/40 p-4"
      aria-describedby={errors.length ? errorId : undefined}
    >
      {/* Enter in a text box saves (the first submit button of a form is its default). */}
      <button type="submit" name="intent" value="save-question" className="sr-only" tabIndex={-1} aria-hidden="true">
        Guardar
      </button>
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="moduloId" value={moduloId} />
      {preguntaId ? <input type="hidden" name="preguntaId" value={preguntaId} /> : null}
      <h4 className="font-semibold text-slate-900">{preguntaId ? `Editar pregunta ${number}` : "Nueva pregunta"}</h4>
      {errors.length ? (
        <div id={errorId} role="alert" className="alert-error">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${formId}-texto`} className="label">
          Pregunta
        </label>
        <input
          id={`${formId}-texto`}
          name="texto"
          defaultValue={draft.texto}
          maxLength={1000}
          required
          className="input"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="label">Opciones (marca la correcta)</legend>
        {draft.opciones.map((o, i) => (
          <div key={i} className="flex items-center gap-2">
            <input
              type="radio"
              name="correcta"
              value={i}
              defaultChecked={o.correcta}
              id={`${formId}-correcta-${i}`}
              className="size-4 shrink-0 accent-green-700"
              aria-label={`Opción ${i + 1} es la correcta`}
            />
            <label htmlFor={`${formId}-opcion-${i}`} className="sr-only">
              Opción {i + 1}
            </label>
            <input
              id={`${formId}-opcion-${i}`}
              name="opcion"
              defaultValue={o.texto}
              maxLength={500}
              placeholder={`Opción ${i + 1}`}
              className="input flex-1"
            />
            {canRemove ? (
              <button
                type="submit"
                name="intent"
                value={`remove-option:${i}`}
                formNoValidate
                className="btn-ghost px-2 py-1 text-sm"
                disabled={busy}
                aria-label={`Quitar opción ${i + 1}`}
              >
                Quitar
              </button>
            ) : null}
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        {draft.opciones.length < MAX_QUESTION_OPTIONS ? (
          <button
            type="submit"
            name="intent"
            value="add-option"
            formNoValidate
            className="btn-secondary"
            disabled={busy}
          >
            + Agregar opción
          </button>
        ) : null}
        <button type="submit" name="intent" value="save-question" className="btn-primary" disabled={busy}>
          {saving ? "Guardando..." : "Guardar pregunta"}
        </button>
        <Link to={cancelHref} preventScrollReset className="btn-ghost">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
