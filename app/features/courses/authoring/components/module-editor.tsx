// One module in the course editor (docs/product.md#course-editor): its fields, order, files,
// links and quiz questions, each a small independent form (nothing typed elsewhere is lost
// and large files go up one module at a time).
import { Form, Link } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import type { EditorActionData, QuestionDraft } from "../editor-types.ts";
import { NEW_QUESTION } from "../editor-types.ts";
import { CONFIRM_DELETE_MODULE } from "../texts.ts";
import { ModuleFilesUpload } from "./module-files-upload.tsx";
import { QuestionForm } from "./question-form.tsx";

export type EditorModule = {
  id: string;
  titulo: string;
  descripcion: string;
  archivos: Array<{ id: string; nombre: string; tamano: number; disponible: boolean }>;
  enlaces: Array<{ id: string; nombre: string; url: string }>;
  preguntas: Array<{ id: string; texto: string; opciones: Array<{ id: string; texto: string; correcta: boolean }> }>;
};

function formState(actionData: EditorActionData | undefined, formId: string) {
  return actionData?.kind === "form" && actionData.formId === formId ? actionData : undefined;
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  ) : null;
}

function kb(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Module title + description (also the "add module" form). */
export function ModuleFieldsForm({
  formId,
  moduloId,
  defaults,
  actionData,
}: {
  formId: string;
  moduloId?: string;
  defaults: { titulo: string; descripcion: string };
  actionData?: EditorActionData;
}) {
  const state = formState(actionData, formId);
  const values = state?.values ?? defaults;
  const busy = usePendingIntent()({ formId }, { untilLoaded: true });
  const titleError = `${formId}-titulo-error`;
  return (
    <Form method="post" preventScrollReset className="space-y-3" key={state ? JSON.stringify(state.values) : "saved"}>
      <input type="hidden" name="formId" value={formId} />
      {moduloId ? <input type="hidden" name="moduloId" value={moduloId} /> : null}
      <div>
        <label htmlFor={`${formId}-titulo`} className="label">
          Título del módulo
        </label>
        <input
          id={`${formId}-titulo`}
          name="titulo"
          defaultValue={values.titulo}
          maxLength={200}
          required
          className="input"
          aria-invalid={state?.errors.titulo ? true : undefined}
          aria-describedby={state?.errors.titulo ? titleError : undefined}
        />
        <FieldError id={titleError} errors={state?.errors.titulo} />
      </div>
      <div>
        <label htmlFor={`${formId}-descripcion`} className="label">
          Descripción
        </label>
        <textarea
          id={`${formId}-descripcion`}
          name="descripcion"
          defaultValue={values.descripcion}
          rows={3}
          maxLength={5000}
          className="input"
        />
        <FieldError id={`${formId}-descripcion-error`} errors={state?.errors.descripcion} />
      </div>
      <button
        type="submit"
        name="intent"
        value={moduloId ? "update-module" : "add-module"}
        className={moduloId ? "btn-secondary" : "btn-primary"}
        disabled={busy}
      >
        {busy ? "Guardando..." : moduloId ? "Guardar módulo" : "Agregar módulo"}
      </button>
    </Form>
  );
}

export function ModuleEditor({
  courseId,
  module: m,
  index,
  count,
  actionData,
  editQuestionId,
  addingQuestion,
  maxPdfMb,
}: {
  courseId: string;
  module: EditorModule;
  index: number;
  count: number;
  actionData?: EditorActionData;
  editQuestionId: string | null;
  addingQuestion: boolean;
  maxPdfMb: string;
}) {
  const here = `/admin/courses/edit/${courseId}`;
  const pending = usePendingIntent();
  const busy = (intent: string, extra?: [string, string]) =>
    pending({ intent, moduloId: m.id, ...(extra ? { [extra[0]]: extra[1] } : {}) }, { untilLoaded: true });
  const linkFormId = `enlace-${m.id}`;
  const linkState = formState(actionData, linkFormId);
  const draftFor = (formId: string, saved: QuestionDraft) =>
    actionData?.kind === "question" && actionData.formId === formId
      ? { draft: actionData.draft, errors: actionData.errors }
      : { draft: saved, errors: [] };
  const newFormId = `pregunta-nueva-${m.id}`;
  const newDraft = draftFor(newFormId, NEW_QUESTION);

  return (
    <li id={`modulo-${m.id}`} className="card scroll-mt-20 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          Módulo {index + 1}: {m.titulo}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Form method="post" preventScrollReset className="contents">
            <input type="hidden" name="moduloId" value={m.id} />
            <button
              type="submit"
              name="intent"
              value="move-up"
              className="btn-ghost px-2 py-1 text-sm"
              disabled={index === 0 || busy("move-up")}
              aria-label={`Subir módulo ${index + 1}`}
            >
              ↑ Subir
            </button>
            <button
              type="submit"
              name="intent"
              value="move-down"
              className="btn-ghost px-2 py-1 text-sm"
              disabled={index === count - 1 || busy("move-down")}
              aria-label={`Bajar módulo ${index + 1}`}
            >
              ↓ Bajar
            </button>
          </Form>
          <Link
            to={`?eliminarModulo=${m.id}`}
            preventScrollReset
            className="btn-danger px-2 py-1 text-sm"
            aria-label={`${CONFIRM_DELETE_MODULE} ${m.titulo}`}
          >
            Eliminar módulo
          </Link>
        </div>
      </div>

      <div className="mt-4">
        <ModuleFieldsForm
          formId={`modulo-${m.id}`}
          moduloId={m.id}
          defaults={{ titulo: m.titulo, descripcion: m.descripcion }}
          actionData={actionData}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby={`archivos-${m.id}`}>
          <h4 id={`archivos-${m.id}`} className="font-semibold text-slate-900">
            Archivos PDF
          </h4>
          {m.archivos.length === 0 ? <p className="mt-2 text-sm text-slate-600">Sin archivos.</p> : null}
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {m.archivos.map((f) => (
              <li key={f.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  {f.nombre} <span className="text-xs text-slate-500">({kb(f.tamano)})</span>
                  {!f.disponible ? (
                    <span className="ml-1 text-xs font-semibold text-red-700">falta en el servidor</span>
                  ) : null}
                </span>
                <Link
                  to={`?eliminarArchivo=${f.id}`}
                  preventScrollReset
                  className="btn-ghost shrink-0 px-2 py-1 text-sm text-red-700"
                  aria-label={`Eliminar archivo ${f.nombre}`}
                >
                  Eliminar
                </Link>
              </li>
            ))}
          </ul>
          <ModuleFilesUpload courseId={courseId} moduloId={m.id} maxPdfMb={maxPdfMb} />
        </section>

        <section aria-labelledby={`enlaces-${m.id}`}>
          <h4 id={`enlaces-${m.id}`} className="font-semibold text-slate-900">
            Enlaces útiles
          </h4>
          {m.enlaces.length === 0 ? <p className="mt-2 text-sm text-slate-600">Sin enlaces.</p> : null}
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {m.enlaces.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 py-2">
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="min-w-0 break-words text-brand-700 hover:underline"
                >
                  {l.nombre}
                </a>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="moduloId" value={m.id} />
                  <input type="hidden" name="enlaceId" value={l.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete-link"
                    className="btn-ghost px-2 py-1 text-sm text-red-700"
                    disabled={busy("delete-link", ["enlaceId", l.id])}
                    aria-label={`Eliminar enlace ${l.nombre}`}
                  >
                    Eliminar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form
            method="post"
            preventScrollReset
            className="mt-3 space-y-2"
            key={linkState ? JSON.stringify(linkState.values) : "vacio"}
          >
            <input type="hidden" name="formId" value={linkFormId} />
            <input type="hidden" name="moduloId" value={m.id} />
            <div>
              <label htmlFor={`${linkFormId}-nombre`} className="label">
                Nombre del enlace
              </label>
              <input
                id={`${linkFormId}-nombre`}
                name="nombre"
                defaultValue={linkState?.values.nombre}
                maxLength={200}
                required
                className="input"
              />
              <FieldError id={`${linkFormId}-nombre-error`} errors={linkState?.errors.nombre} />
            </div>
            <div>
              <label htmlFor={`${linkFormId}-url`} className="label">
                URL
              </label>
              <input
                id={`${linkFormId}-url`}
                name="url"
                type="url"
                defaultValue={linkState?.values.url}
                maxLength={2000}
                required
                placeholder="https://"
                className="input"
              />
              <FieldError id={`${linkFormId}-url-error`} errors={linkState?.errors.url} />
            </div>
            <button type="submit" name="intent" value="add-link" className="btn-secondary" disabled={busy("add-link")}>
              {busy("add-link") ? "Agregando..." : "Agregar enlace"}
            </button>
          </Form>
        </section>
      </div>

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
                texto: q.texto,
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
                      <button
                        type="submit"
                        name="intent"
                        value="question-up"
                        className="btn-ghost px-2 py-1 text-sm"
                        disabled={qi === 0 || busy("question-up", ["preguntaId", q.id])}
                        aria-label={`Subir pregunta ${qi + 1}`}
                      >
                        ↑
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="question-down"
                        className="btn-ghost px-2 py-1 text-sm"
                        disabled={qi === m.preguntas.length - 1 || busy("question-down", ["preguntaId", q.id])}
                        aria-label={`Bajar pregunta ${qi + 1}`}
                      >
                        ↓
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="delete-question"
                        className="btn-ghost px-2 py-1 text-sm text-red-700"
                        disabled={busy("delete-question", ["preguntaId", q.id])}
                        aria-label={`Eliminar pregunta ${qi + 1}`}
                      >
                        Eliminar
                      </button>
                    </Form>
                  </div>
                </div>
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
    </li>
  );
}
