// Small pieces the module editor's forms share (./module-editor.tsx and its sections).
import type { EditorActionData } from "../editor-types.ts";
import type { courseEditorView } from "../editor-view.ts";

export type EditorModule = ReturnType<typeof courseEditorView>["course"]["modulos"][number];

/** Whether a form of this module is being sent (its intent, and an extra field to tell rows apart). */
export type Busy = (intent: string, extra?: [string, string]) => boolean;

/** The values and errors the action sent back for `formId`, if it was that form. */
export function formState(actionData: EditorActionData | undefined, formId: string) {
  return actionData?.kind === "form" && actionData.formId === formId ? actionData : undefined;
}

/**
 * Label, input (a textarea with `rows`), hint and error of one field of the editor's small forms:
 * id `{formId}-{name}`, showing what the action sent back (`state`, from formState) or `defaultValue`.
 */
export function SmallField({
  formId,
  name,
  label,
  state,
  hint,
  rows,
  defaultValue,
  ...rest
}: {
  formId: string;
  name: string;
  label: string;
  state: ReturnType<typeof formState>;
  hint?: string;
  rows?: number;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  const id = `${formId}-${name}`;
  const errors = state?.errors[name];
  const describedBy = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  const props = {
    id,
    name,
    className: "input",
    defaultValue: state ? state.values[name] : defaultValue,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {rows ? (
        <textarea {...props} rows={rows} maxLength={rest.maxLength} required={rest.required} />
      ) : (
        <input {...props} {...rest} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
