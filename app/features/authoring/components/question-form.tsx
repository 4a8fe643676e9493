// One quiz question, created or edited in place (docs/product.md#course-editor), of the kind its
// select names ('Cambiar tipo' posts the draft back with that kind's fields,
// docs/decisions/046-kinds-of-question.md). The buttons 'Agregar opción' and
// 'Quitar' post the draft to the server, which applies the rules (at least 2 options, removing
// the correct one makes the first correct) and returns it unsaved: the same with or without
// JavaScript, and nothing typed is lost. 'Guardar pregunta' saves it.
import { Form, Link } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import { MAX_QUESTION_OPTIONS, MIN_QUESTION_OPTIONS, TIPO_LABELS } from "../texts.ts";
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
  const { tipo } = draft;
  const short = tipo === "respuesta_corta";
  const canRemove = draft.opciones.length > (short ? 1 : MIN_QUESTION_OPTIONS);
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
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${formId}-tipo`} className="label">
            Tipo de respuesta
          </label>
          <select id={`${formId}-tipo`} name="tipo" defaultValue={tipo} className="input">
            {Object.entries(TIPO_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name="intent"
          value="change-kind"
          formNoValidate
          className="btn-secondary"
          disabled={busy}
        >
          Cambiar tipo
        </button>
      </div>
      {tipo === "numerica" ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["valor", "Respuesta correcta (número)", draft.valor],
              ["tolerancia", "Tolerancia (opcional, ± respecto del valor)", draft.tolerancia],
            ] as const
          ).map(([name, label, value]) => (
            <div key={name}>
              <label htmlFor={`${formId}-${name}`} className="label">
                {label}
              </label>
              <input
                id={`${formId}-${name}`}
                name={name}
                defaultValue={value}
                inputMode="decimal"
                maxLength={40}
                className="input"
              />
            </div>
          ))}
        </div>
      ) : tipo === "verdadero_falso" ? (
        <fieldset className="space-y-2">
          <legend className="label">La afirmación es</legend>
          {draft.opciones.map((o, i) => (
            <label key={o.texto} className="flex items-center gap-2">
              <input type="radio" name="correcta" value={i} defaultChecked={o.correcta} className="size-4" />
              {o.texto}
            </label>
          ))}
        </fieldset>
      ) : (
        <fieldset className="space-y-2">
          <legend className="label">
            {short
              ? "Respuestas aceptadas (sin importar mayúsculas, tildes ni espacios)"
              : tipo === "multiple"
                ? "Opciones (marca las correctas)"
                : "Opciones (marca la correcta)"}
          </legend>
          {tipo === "multiple" ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="puntajeParcial" defaultChecked={draft.puntajeParcial} className="size-4" />
              Puntaje parcial (si no, todo o nada)
            </label>
          ) : null}
          {draft.opciones.map((o, i) => (
            <div key={i} className="flex items-center gap-2">
              {short ? null : (
                <input
                  type={tipo === "multiple" ? "checkbox" : "radio"}
                  name="correcta"
                  value={i}
                  defaultChecked={o.correcta}
                  id={`${formId}-correcta-${i}`}
                  className="size-4 shrink-0 accent-green-700"
                  aria-label={`Opción ${i + 1} es ${tipo === "multiple" ? "correcta" : "la correcta"}`}
                />
              )}
              <label htmlFor={`${formId}-opcion-${i}`} className="sr-only">
                {short ? "Respuesta aceptada" : "Opción"} {i + 1}
              </label>
              <input
                id={`${formId}-opcion-${i}`}
                name="opcion"
                defaultValue={o.texto}
                maxLength={500}
                placeholder={`${short ? "Respuesta aceptada" : "Opción"} ${i + 1}`}
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
                  aria-label={`Quitar ${short ? "respuesta aceptada" : "opción"} ${i + 1}`}
                >
                  Quitar
                </button>
              ) : null}
            </div>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        {draft.opciones.length < MAX_QUESTION_OPTIONS && tipo !== "numerica" && tipo !== "verdadero_falso" ? (
          <button
            type="submit"
            name="intent"
            value="add-option"
            formNoValidate
            className="btn-secondary"
            disabled={busy}
          >
            {short ? "+ Agregar respuesta aceptada" : "+ Agregar opción"}
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
