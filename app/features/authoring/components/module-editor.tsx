// One module in the course editor (docs/product.md#course-editor): its fields, order, files,
// links and quiz questions, each a small independent form (nothing typed elsewhere is lost
// and large files go up one module at a time).
import { Form, Link } from "react-router";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import type { EditorActionData } from "../editor-types.ts";
import { ATTEMPTS_MAX, CONFIRM_DELETE_MODULE } from "../texts.ts";
import { ModuleFilesSection } from "./module-files-section.tsx";
import { ModuleLinksSection } from "./module-links-section.tsx";
import { formState, SmallField, type Busy, type EditorModule } from "./module-parts.tsx";
import { ModuleQuizSection } from "./module-quiz-section.tsx";

/** Under the module's 'Fecha límite' field (docs/product.md#due-dates). */
const DUE_DATE_HINT =
  "Fecha y hora de Chile. Cada estudiante la ve en el curso y en 'Próximas fechas', y recibe un " +
  "recordatorio por correo unos días antes si aún no aprueba el módulo.";

export type { EditorModule };

/** Module title + description (also the "add module" form). */
export function ModuleFieldsForm({
  formId,
  moduloId,
  defaults,
  actionData,
}: {
  formId: string;
  moduloId?: string;
  defaults: {
    titulo: string;
    descripcion: string;
    fechaLimite: string;
    intentosMaximos: string;
    revision: string;
    revisionCuando: string;
    barajar: string;
    preguntasPorIntento: string;
    tiempoLimiteMin: string;
  };
  actionData?: EditorActionData;
}) {
  const state = formState(actionData, formId);
  const busy = usePendingIntent()({ formId }, { untilLoaded: true });
  const field = { formId, state };
  return (
    <Form method="post" preventScrollReset className="space-y-3" key={state ? JSON.stringify(state.values) : "saved"}>
      <input type="hidden" name="formId" value={formId} />
      {moduloId ? <input type="hidden" name="moduloId" value={moduloId} /> : null}
      <SmallField
        {...field}
        name="titulo"
        label="Título del módulo"
        defaultValue={defaults.titulo}
        maxLength={200}
        required
      />
      <SmallField
        {...field}
        name="descripcion"
        label="Descripción"
        defaultValue={defaults.descripcion}
        rows={3}
        maxLength={5000}
      />
      <SmallField
        {...field}
        name="fechaLimite"
        label="Fecha límite (opcional)"
        type="datetime-local"
        defaultValue={defaults.fechaLimite}
        className="input sm:max-w-xs"
        hint={DUE_DATE_HINT}
      />
      <SmallField
        {...field}
        name="intentosMaximos"
        label="Intentos máximos (opcional)"
        type="number"
        min={1}
        max={ATTEMPTS_MAX}
        defaultValue={defaults.intentosMaximos}
        className="input sm:max-w-xs"
        hint="Vacío: intentos ilimitados."
      />
      <ReviewSelect
        id={`${formId}-revision`}
        name="revision"
        label="Después de cada intento se ve"
        defaultValue={state?.values.revision ?? defaults.revision}
        options={[
          ["puntaje", "Solo el puntaje"],
          ["errores", "El puntaje y qué preguntas estuvieron mal"],
          ["respuestas", "También las respuestas correctas"],
        ]}
      />
      <ReviewSelect
        id={`${formId}-revisionCuando`}
        name="revisionCuando"
        label="Cuándo"
        defaultValue={state?.values.revisionCuando ?? defaults.revisionCuando}
        options={[
          ["inmediata", "Al terminar cada intento"],
          ["al_terminar", "Cuando no queden intentos o pase la fecha límite"],
        ]}
      />
      {/* A served attempt (docs/decisions/045-served-attempts.md): a select works without JavaScript both ways. */}
      <ReviewSelect
        id={`${formId}-barajar`}
        name="barajar"
        label="Orden de preguntas y opciones"
        defaultValue={state?.values.barajar ?? defaults.barajar}
        options={[
          ["false", "El mismo en cada intento"],
          ["true", "Barajado en cada intento"],
        ]}
      />
      <SmallField
        {...field}
        name="preguntasPorIntento"
        label="Preguntas por intento (opcional)"
        type="number"
        min={1}
        defaultValue={defaults.preguntasPorIntento}
        className="input sm:max-w-xs"
        hint="Se eligen al azar entre las del módulo. Vacío: todas."
      />
      <SmallField
        {...field}
        name="tiempoLimiteMin"
        label="Tiempo límite en minutos (opcional)"
        type="number"
        min={1}
        max={300}
        defaultValue={defaults.tiempoLimiteMin}
        className="input sm:max-w-xs"
        hint="Vacío: sin tiempo límite."
      />
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
  const here = `/docente/cursos/${courseId}/editar`;
  const pending = usePendingIntent();
  const busy: Busy = (intent, extra) =>
    pending({ intent, moduloId: m.id, ...(extra ? { [extra[0]]: extra[1] } : {}) }, { untilLoaded: true });

  return (
    <li id={`modulo-${m.id}`} className="card scroll-mt-20 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          Módulo {index + 1}: {m.titulo}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Form method="post" preventScrollReset className="contents">
            <input type="hidden" name="moduloId" value={m.id} />
            {(
              [
                ["move-up", "↑ Subir", "Subir", index === 0],
                ["move-down", "↓ Bajar", "Bajar", index === count - 1],
              ] as const
            ).map(([intent, label, verb, edge]) => (
              <button
                key={intent}
                type="submit"
                name="intent"
                value={intent}
                className="btn-ghost px-2 py-1 text-sm"
                disabled={edge || busy(intent)}
                aria-label={`${verb} módulo ${index + 1}`}
              >
                {label}
              </button>
            ))}
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
          defaults={{
            titulo: m.titulo,
            descripcion: m.descripcion,
            fechaLimite: m.fechaLimite,
            intentosMaximos: m.intentosMaximos,
            revision: m.revision,
            revisionCuando: m.revisionCuando,
            barajar: m.barajar,
            preguntasPorIntento: m.preguntasPorIntento,
            tiempoLimiteMin: m.tiempoLimiteMin,
          }}
          actionData={actionData}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ModuleFilesSection courseId={courseId} module={m} maxPdfMb={maxPdfMb} />

        <ModuleLinksSection module={m} actionData={actionData} busy={busy} />
      </div>

      <ModuleQuizSection
        module={m}
        actionData={actionData}
        editQuestionId={editQuestionId}
        addingQuestion={addingQuestion}
        busy={busy}
        here={here}
      />
    </li>
  );
}

/** A module's review setting (features/quizzes/review.ts): a plain select, sent without JavaScript. */
function ReviewSelect(props: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="label">
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.defaultValue} className="input sm:max-w-md">
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
