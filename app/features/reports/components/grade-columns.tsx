// The gradebook's manual columns (docs/decisions/044-manual-grade-columns.md): add one, and per
// column a form with one nota and comment per participant of the page, its name and 'Eliminar'.
// Plain forms: all of it works without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { formatNota } from "~/features/quizzes/nota.ts";

/** What the action answers a form of this section with: which form, and its result or row errors. */
export type ColumnsReply =
  | { target: string; result: SubmissionResult<string[]> }
  | { target: string; rows: Record<string, string>; values: Record<string, string> };

type Column = { id: string; nombre: string; tareaId: string | null };
type Learner = {
  id: string;
  nombre: string;
  manuales: Array<{ columnaId: string; nota: number | null; comentario: string }>;
};

function NameForm({
  target,
  intent,
  columnaId,
  nombre,
  label,
  button,
  reply,
}: {
  target: string;
  intent: string;
  columnaId?: string;
  nombre: string;
  label: string;
  button: string;
  reply?: ColumnsReply;
}) {
  const [form, fields] = useForm<{ nombre: string }>({
    id: target,
    lastResult: reply?.target === target && "result" in reply ? reply.result : undefined,
    defaultValue: { nombre },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <FormErrors id={form.errorId} errors={form.errors} />
      {columnaId ? <input type="hidden" name="columnaId" value={columnaId} /> : null}
      <div className="min-w-0 grow">
        <TextField field={fields.nombre} label={label} maxLength={60} autoComplete="off" required />
      </div>
      <button type="submit" name="intent" value={intent} className="btn-secondary">
        {button}
      </button>
    </Form>
  );
}

export function NewColumnForm({ reply }: { reply?: ColumnsReply }) {
  return (
    <NameForm
      target="columna-nueva"
      intent="create-column"
      nombre=""
      label="Nombre de la columna (ej.: Disertación)"
      button="Agregar columna"
      reply={reply}
    />
  );
}

/** 'Ponderación': the quiz modules' weight in %, the manual columns the rest; empty, a plain average. */
export function WeightsForm({ evaluaciones, reply }: { evaluaciones: number | null; reply?: ColumnsReply }) {
  const [form, fields] = useForm<{ evaluaciones: number | undefined }>({
    id: "ponderacion",
    lastResult: reply?.target === "ponderacion" && "result" in reply ? reply.result : undefined,
    defaultValue: { evaluaciones: evaluaciones ?? undefined },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="min-w-0 grow">
        <TextField
          field={fields.evaluaciones}
          label="Peso de los módulos en la nota final (%)"
          hint="Las columnas de notas pesan el resto. Vacío: promedio simple de todas las notas."
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <button type="submit" name="intent" value="weights" className="btn-secondary">
        Guardar ponderación
      </button>
    </Form>
  );
}

/**
 * A tarea's column (docs/decisions/048-tareas.md): read-only here, its notas are written by
 * returning the tarea's hand-ins, which its link opens.
 */
function TareaColumnCard({ column, cursoId }: { column: Column; cursoId: string }) {
  return (
    <section aria-labelledby={`columna-${column.id}`} className="card p-4 sm:p-6">
      <h3 id={`columna-${column.id}`} className="text-lg font-semibold break-words text-slate-900">
        {column.nombre} <span className="text-sm font-normal text-slate-600">(tarea)</span>
      </h3>
      <p className="mt-2 text-sm text-slate-600">
        Sus notas se ponen al devolver cada entrega de la tarea, no aquí.{" "}
        <Link to={`/docente/cursos/${cursoId}/tareas/${column.tareaId}/entregas`} className="text-brand-700 underline">
          Ver las entregas de {column.nombre}
        </Link>
      </p>
    </section>
  );
}

/** One column: its participants' notas and comments (an empty nota removes it), its name, 'Eliminar'. */
export function ColumnCard({
  column,
  learners,
  reply,
  cursoId,
}: {
  column: Column;
  learners: Learner[];
  reply?: ColumnsReply;
  cursoId: string;
}) {
  if (column.tareaId) return <TareaColumnCard column={column} cursoId={cursoId} />;
  const mine = reply?.target === `notas-${column.id}` && "rows" in reply ? reply : undefined;
  const headingId = `columna-${column.id}`;
  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6">
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {column.nombre}
      </h3>
      {learners.length > 0 ? (
        <Form method="post" className="mt-3 space-y-3" noValidate>
          <input type="hidden" name="columnaId" value={column.id} />
          {learners.map((l) => {
            const cell = l.manuales.find((m) => m.columnaId === column.id);
            const error = mine?.rows[l.id];
            const notaId = `nota-${column.id}-${l.id}`;
            return (
              <fieldset key={l.id} className="grid gap-2 sm:grid-cols-[1fr_7rem_2fr] sm:items-start">
                <legend className="sr-only">{l.nombre || "Sin nombre"}</legend>
                <span aria-hidden="true" className="font-medium text-slate-900 sm:pt-7">
                  {l.nombre || "Sin nombre"}
                </span>
                <input type="hidden" name="userId" value={l.id} />
                <div className="text-sm">
                  <label htmlFor={notaId} className="label">
                    Nota<span className="sr-only"> de {l.nombre || "Sin nombre"}</span>
                  </label>
                  <input
                    id={notaId}
                    name={`nota-${l.id}`}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={4}
                    className="input"
                    defaultValue={mine ? mine.values[`nota-${l.id}`] : cell?.nota != null ? formatNota(cell.nota) : ""}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${notaId}-error` : undefined}
                  />
                  {error ? (
                    <p id={`${notaId}-error`} className="field-error">
                      {error}
                    </p>
                  ) : null}
                </div>
                <label className="block text-sm">
                  <span className="label">
                    Comentario<span className="sr-only"> para {l.nombre || "Sin nombre"}</span> (opcional)
                  </span>
                  <input
                    name={`comentario-${l.id}`}
                    autoComplete="off"
                    maxLength={500}
                    className="input"
                    defaultValue={mine ? mine.values[`comentario-${l.id}`] : (cell?.comentario ?? "")}
                  />
                </label>
              </fieldset>
            );
          })}
          <p className="text-xs text-slate-600">De 1,0 a 7,0, con coma o punto. Deja la nota vacía para quitarla.</p>
          <button type="submit" name="intent" value="grades" className="btn-primary">
            Guardar notas de {column.nombre}
          </button>
        </Form>
      ) : null}
      <details className="mt-4">
        <summary className="cursor-pointer text-sm text-slate-700">Cambiar nombre o eliminar</summary>
        <div className="mt-3 space-y-3">
          <NameForm
            target={`nombre-${column.id}`}
            intent="rename-column"
            columnaId={column.id}
            nombre={column.nombre}
            label="Nombre de la columna"
            button="Guardar nombre"
            reply={reply}
          />
          <Form method="post">
            <input type="hidden" name="columnaId" value={column.id} />
            <button type="submit" name="intent" value="delete-column" className="btn-ghost text-red-700">
              Eliminar la columna {column.nombre} y sus notas
            </button>
          </Form>
        </div>
      </details>
    </section>
  );
}
