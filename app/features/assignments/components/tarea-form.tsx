// The team's tarea form ('Nueva tarea', 'Editar tarea', docs/product.md#setting-a-tarea): plain
// fields that work without JavaScript. The rubric is a fixed grid of criteria and levels, one
// more empty criterion than it has (at least RUBRIC_ROWS), each with room for RUBRIC_LEVELS
// levels; empty rows are ignored by the server's schema, so no button adds a row.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { INSTRUCCIONES_MAX, MAX_ADJUNTOS, RUBRIC_LEVELS, RUBRIC_ROWS, TITULO_MAX } from "../set-texts.ts";

type Level = { nombre?: string; puntos?: string };
type Criterion = { nombre?: string; niveles?: Level[] };
export type TareaFormValues = {
  titulo?: string;
  instrucciones?: string;
  moduloId?: string;
  fechaLimite?: string;
  permiteAtrasadas?: string;
  calificacion?: string;
  rubrica?: Criterion[];
  todasLasClases?: string;
  clases?: string[] | string;
};
type Reply = { intent: unknown; result: SubmissionResult<string[]> } | undefined;

const TEXT_HINT =
  "Texto simple, sin formato. Los enlaces que empiezan con http:// o https:// se podrán abrir con un clic.";
const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
const MAX_CRITERIA = 12;
const MAX_LEVELS = 6;

function Choice({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="size-4" />
      {label}
    </label>
  );
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {[...new Set(errors)].join(" ")}
    </p>
  );
}

export function TareaForm({
  id,
  intent,
  actionData,
  defaultValue,
  modulos,
  clases,
  submitLabel,
  pendingLabel,
  cancelHref,
  adjuntos,
}: {
  id: string;
  intent: string;
  actionData: Reply;
  defaultValue: TareaFormValues;
  modulos: ReadonlyArray<{ id: string; titulo: string }>;
  clases: ReadonlyArray<{ id: string; nombre: string }>;
  submitLabel: string;
  pendingLabel: string;
  cancelHref?: string;
  /** The attachments' file input (a new tarea): its hint with the limit per file. */
  adjuntos?: { hint: string };
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<TareaFormValues>({
    id,
    lastResult: navigation.state === "idle" && actionData?.intent === intent ? actionData.result : undefined,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  const v = (form.initialValue ?? {}) as TareaFormValues;
  const chosen = new Set(Array.isArray(v.clases) ? v.clases : v.clases ? [v.clases] : []);
  const rubric = Array.isArray(v.rubrica) ? v.rubrica : [];
  const rows = Math.min(MAX_CRITERIA, Math.max(RUBRIC_ROWS, rubric.length + 1));
  const errorsOf = (name: string) => form.allErrors[name];
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={adjuntos ? "multipart/form-data" : undefined}
      className="mt-3 space-y-4"
      key={JSON.stringify(v)}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.titulo} label="Título" maxLength={TITULO_MAX} autoComplete="off" required />
      <TextAreaField field={fields.instrucciones} label="Instrucciones (opcional)" rows={5} />
      <p className="-mt-3 text-xs text-slate-500">
        {TEXT_HINT} Hasta {INSTRUCCIONES_MAX.toLocaleString("es-CL")} caracteres.
      </p>
      <SelectField
        field={fields.moduloId}
        label="Dónde aparece"
        placeholder="Arriba en el curso"
        options={modulos.map((m) => ({ value: m.id, label: m.titulo }))}
      />
      <div>
        <label htmlFor={`${id}-fecha`} className="label">
          Fecha límite (opcional, hora de Chile)
        </label>
        <input
          id={`${id}-fecha`}
          name="fechaLimite"
          type="datetime-local"
          defaultValue={text(v.fechaLimite)}
          aria-invalid={errorsOf("fechaLimite") ? true : undefined}
          aria-describedby={errorsOf("fechaLimite") ? `${id}-fecha-error` : undefined}
          className="input sm:max-w-xs"
        />
        <FieldErrors id={`${id}-fecha-error`} errors={errorsOf("fechaLimite")} />
      </div>
      <fieldset className="space-y-1">
        <legend className="label">Permitir entregas atrasadas</legend>
        <Choice
          name="permiteAtrasadas"
          value="si"
          checked={v.permiteAtrasadas !== "no"}
          label="Sí: se reciben y se marcan «Atrasada»"
        />
        <Choice name="permiteAtrasadas" value="no" checked={v.permiteAtrasadas === "no"} label="No: se rechazan" />
      </fieldset>

      <fieldset className="space-y-2" aria-describedby={errorsOf("rubrica") ? `${id}-rubrica-error` : undefined}>
        <legend className="label">Calificación</legend>
        <Choice name="calificacion" value="nota" checked={v.calificacion !== "rubrica"} label="Nota de 1,0 a 7,0" />
        <Choice
          name="calificacion"
          value="rubrica"
          checked={v.calificacion === "rubrica"}
          label="Rúbrica (la nota sale de los niveles elegidos)"
        />
        <details className="rounded border border-slate-200 p-3" open={v.calificacion === "rubrica"}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Rúbrica</summary>
          <p className="mt-2 text-xs text-slate-600">
            Cada criterio necesita un nombre y al menos dos niveles con sus puntos (de 0 a 100). Las filas vacías no se
            guardan. Para más criterios, guarda y vuelve a editar: aparece una fila nueva.
          </p>
          <FieldErrors id={`${id}-rubrica-error`} errors={errorsOf("rubrica")} />
          {Array.from({ length: rows }, (_, i) => {
            const c = rubric[i] ?? {};
            const levels = Math.min(MAX_LEVELS, Math.max(RUBRIC_LEVELS, (c.niveles?.length ?? 0) + 1));
            return (
              <fieldset key={i} className="mt-3 border-t border-slate-200 pt-2">
                <legend className="text-sm font-semibold text-slate-800">Criterio {i + 1}</legend>
                <label className="label" htmlFor={`${id}-c${i}`}>
                  Nombre del criterio {i + 1}
                </label>
                <input
                  id={`${id}-c${i}`}
                  name={`rubrica[${i}].nombre`}
                  defaultValue={text(c.nombre)}
                  maxLength={120}
                  className="input"
                />
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {Array.from({ length: levels }, (_, j) => {
                    const l = c.niveles?.[j] ?? {};
                    return (
                      <div key={j} className="flex gap-2">
                        <div className="grow">
                          <label className="text-xs text-slate-600" htmlFor={`${id}-c${i}-n${j}`}>
                            Nivel {j + 1}
                          </label>
                          <input
                            id={`${id}-c${i}-n${j}`}
                            name={`rubrica[${i}].niveles[${j}].nombre`}
                            defaultValue={text(l.nombre)}
                            maxLength={60}
                            className="input"
                          />
                        </div>
                        <div className="w-20">
                          <label className="text-xs text-slate-600" htmlFor={`${id}-c${i}-p${j}`}>
                            Puntos
                          </label>
                          <input
                            id={`${id}-c${i}-p${j}`}
                            name={`rubrica[${i}].niveles[${j}].puntos`}
                            defaultValue={text(l.puntos)}
                            inputMode="numeric"
                            maxLength={3}
                            className="input"
                          />
                        </div>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
        </details>
      </fieldset>

      <fieldset className="space-y-1" aria-describedby={errorsOf("clases") ? `${id}-clases-error` : undefined}>
        <legend className="label">Para</legend>
        <Choice
          name="todasLasClases"
          value="si"
          checked={v.todasLasClases !== "no"}
          label="Todas las clases (cada estudiante del curso)"
        />
        {clases.length > 0 ? (
          <>
            <Choice name="todasLasClases" value="no" checked={v.todasLasClases === "no"} label="Solo estas clases:" />
            <div className="ml-6 space-y-1">
              {clases.map((c) => (
                <label key={c.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="clases"
                    value={c.id}
                    defaultChecked={chosen.has(c.id)}
                    className="size-4"
                  />
                  {c.nombre}
                </label>
              ))}
            </div>
          </>
        ) : null}
        <FieldErrors id={`${id}-clases-error`} errors={errorsOf("clases")} />
      </fieldset>

      {adjuntos ? (
        <div>
          <label htmlFor={`${id}-adjuntos`} className="label">
            Adjuntos (opcional)
          </label>
          <input
            id={`${id}-adjuntos`}
            name="adjuntos"
            type="file"
            multiple
            accept="application/pdf,image/jpeg,image/png,image/webp"
            aria-describedby={`${id}-adjuntos-ayuda${errorsOf("adjuntos") ? ` ${id}-adjuntos-error` : ""}`}
            className="input"
          />
          <p id={`${id}-adjuntos-ayuda`} className="mt-1 text-xs text-slate-500">
            {adjuntos.hint} Hasta {MAX_ADJUNTOS} archivos.
          </p>
          <FieldErrors id={`${id}-adjuntos-error`} errors={errorsOf("adjuntos")} />
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value={intent} className="btn-primary" disabled={sending}>
          {sending ? pendingLabel : submitLabel}
        </button>
        {cancelHref ? (
          <Link to={cancelHref} className="btn-ghost">
            Cancelar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
