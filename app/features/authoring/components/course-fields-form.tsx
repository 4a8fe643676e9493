// The course's own fields (docs/product.md#course-editor): one multipart form used by
// /docente/cursos/nuevo and by the editor. Plain POST without JavaScript; validated on the server
// only (no Zod in the browser). Typed values come back after a refused submit.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FileField, FormErrors, SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { usePendingIntent } from "~/components/ui/use-pending-intent.ts";
import type { CourseFormFields } from "../schema.ts";
import { EXIGENCIA_DEFAULT, EXIGENCIA_MAX, EXIGENCIA_MIN } from "~/features/quizzes/nota.ts";

/** The audiences a course may be aimed at (docs/product.md#courses), in the form's order; comunidad is the default. */
const AUDIENCE_OPTIONS = [
  { value: "comunidad", label: "Comunidad" },
  { value: "estudiante", label: "Estudiantes" },
  { value: "docente", label: "Docentes" },
  { value: "general", label: "General (todos)" },
] as const;

/** docs/decisions/039-private-courses.md: a private course is its team's, its learners' and the admins' only. */
const VISIBILITY_OPTIONS = [
  { value: "privado", label: "Privado (solo tu equipo y tus clases)" },
  { value: "publico", label: "Público (catálogo abierto, tras revisión)" },
] as const;
const visibilityLabel = (v: string) => (v === "privado" ? "Privado" : "Público");

export type CourseFormDefaults = Partial<Record<Exclude<keyof CourseFormFields, "imagen">, string>>;

export function CourseFieldsForm({
  id,
  mode,
  lastResult,
  defaults,
  imageUrl,
  maxImageMb,
  visibilityLocked = false,
}: {
  id: string;
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]>;
  defaults?: CourseFormDefaults;
  imageUrl?: string | null;
  maxImageMb: string;
  /** A team's docente sees the course's visibility without changing it (an admin changes it). */
  visibilityLocked?: boolean;
}) {
  const navigation = useNavigation();
  // Creating: the page's only form; editing: this form among the editor's many.
  const submitting = usePendingIntent()(mode === "create" ? {} : { intent: "update-course" });
  const [form, fields] = useForm<CourseFormFields>({
    id,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { dirigidoA: "comunidad", exigencia: String(EXIGENCIA_DEFAULT), ...defaults },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.titulo} label="Título del curso" required maxLength={200} />
      <TextAreaField field={fields.bienvenida} label="Bienvenida" rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.duracionHoras}
          label="Duración (horas)"
          type="number"
          min={0}
          step="0.5"
          inputMode="decimal"
          required={mode === "create"}
        />
        <SelectField field={fields.dirigidoA} label="Dirigido a" options={AUDIENCE_OPTIONS} />
        {visibilityLocked ? (
          <p className="text-sm text-slate-700">
            <span className="label">Visibilidad</span>
            {visibilityLabel(defaults?.visibilidad ?? "")}. Solo un administrador la cambia.
          </p>
        ) : (
          <SelectField field={fields.visibilidad} label="Visibilidad" options={VISIBILITY_OPTIONS} />
        )}
        <TextField field={fields.fechaInicio} label="Fecha de inicio" type="date" />
        <TextField field={fields.fechaTermino} label="Fecha de término" type="date" />
        <TextField
          field={fields.exigencia}
          label="Exigencia (%)"
          type="number"
          min={EXIGENCIA_MIN}
          max={EXIGENCIA_MAX}
          step={1}
          inputMode="numeric"
          hint="Porcentaje para aprobar, que es la nota 4,0"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField field={fields.herramientas} label="Herramientas (una por línea)" rows={4} />
        <TextAreaField field={fields.loAprenderan} label="Lo que aprenderán (uno por línea)" rows={4} />
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        Se quitan los espacios sobrantes, las líneas vacías y los repetidos.
      </p>
      <FileField
        field={fields.imagen}
        label={mode === "create" ? "Imagen del curso (obligatoria)" : "Cambiar imagen del curso"}
        accept="image/jpeg,image/png,image/webp"
        check={{ kind: "image", mb: maxImageMb }}
        hint={
          `JPEG, PNG o WebP hasta ${maxImageMb}MB` + (mode === "edit" ? ". Déjalo vacío para mantener la actual." : ".")
        }
        preview={
          imageUrl ? (
            <img
              src={imageUrl}
              alt="Imagen actual del curso"
              width={240}
              height={135}
              className="mb-2 aspect-video w-60 rounded-md object-cover"
            />
          ) : null
        }
      />
      <button
        type="submit"
        name="intent"
        value={mode === "create" ? "create-course" : "update-course"}
        className="btn-primary"
        disabled={submitting}
      >
        {mode === "create"
          ? submitting
            ? "Creando curso..."
            : "Crear curso"
          : submitting
            ? "Guardando..."
            : "Guardar datos del curso"}
      </button>
    </Form>
  );
}
