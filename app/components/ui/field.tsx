import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { checkChosenFile, type UploadKind } from "~/lib/file-types.ts";

type InputType = "text" | "email" | "password" | "date" | "number" | "url" | "search" | "tel";

function Errors({ id, errors, hide }: { id: string; errors?: string[]; hide?: string[] }) {
  const shown = (errors ?? []).filter((e) => !hide?.includes(e));
  if (shown.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {shown.join(" ")}
    </p>
  );
}

/**
 * A field's errors until the person edits the field: typing (or choosing) clears its message
 * and its aria-invalid at once, before the next submit; the next answer's errors show again.
 * Without JavaScript the errors simply stay until the form is sent again.
 */
function useErrorsUntilEdited(errors: string[] | undefined) {
  const [editedFor, setEditedFor] = useState<string[] | undefined | null>(null);
  const visible = editedFor !== null && editedFor === errors ? undefined : errors;
  return { errors: visible, onEdit: () => setEditedFor(errors) };
}

/** Label + input + error, wired for Conform (aria-invalid, aria-describedby, constraints). */
export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hideErrors,
  hint,
  ...rest
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  /** Messages already shown in the form summary. */
  hideErrors?: string[];
  /** One line under the field, read with it by screen readers. */
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">) {
  const { errors, onEdit } = useErrorsUntilEdited(field.errors);
  const hintId = `${field.id}-ayuda`;
  const describedBy = [errors?.length ? field.errorId : "", hint ? hintId : ""].filter(Boolean).join(" ");
  const props = getInputProps(field, { type, ariaDescribedBy: describedBy || undefined });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input
        {...props}
        {...rest}
        key={props.key}
        aria-invalid={errors?.length ? true : undefined}
        onInput={(event) => {
          onEdit();
          rest.onInput?.(event);
        }}
        autoComplete={autoComplete}
        className="input"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <Errors id={field.errorId} errors={errors} hide={hideErrors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  placeholder,
  hideErrors,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  hideErrors?: string[];
}) {
  const { errors, onEdit } = useErrorsUntilEdited(field.errors);
  const props = getSelectProps(field, { ariaDescribedBy: errors?.length ? field.errorId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <select
        {...props}
        key={props.key}
        aria-invalid={errors?.length ? true : undefined}
        onChange={onEdit}
        className="input"
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Errors id={field.errorId} errors={errors} hide={hideErrors} />
    </div>
  );
}

export function TextAreaField({
  field,
  label,
  rows = 4,
  hideErrors,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  rows?: number;
  hideErrors?: string[];
}) {
  const { errors, onEdit } = useErrorsUntilEdited(field.errors);
  const props = getTextareaProps(field, { ariaDescribedBy: errors?.length ? field.errorId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea
        {...props}
        key={props.key}
        rows={rows}
        aria-invalid={errors?.length ? true : undefined}
        onInput={onEdit}
        className="input"
      />
      <Errors id={field.errorId} errors={errors} hide={hideErrors} />
    </div>
  );
}

/** Form-level messages (and the unique field messages, once). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const unique = [...new Set(errors ?? [])];
  if (unique.length === 0) return null;
  return (
    <div id={id} role="alert" className="alert-error">
      {unique.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * Label + file input + hint + error, wired for Conform like the other fields. The file never
 * comes back after a refused submit (browsers do not allow it); the error says what to choose.
 * `errors` replaces the field's own (a check made in the browser, e.g. a dropped file).
 */
export function FileField({
  field,
  label,
  accept,
  hint,
  errors,
  preview,
  check,
  onChange,
  ...rest
}: {
  field: FieldMetadata<unknown>;
  label: string;
  accept: string;
  hint: React.ReactNode;
  errors?: string[];
  /** Shown between the label and the input (the current image). */
  preview?: React.ReactNode;
  /**
   * With JavaScript, a chosen file of the wrong type or over `mb` megabytes is refused at once
   * (the input is emptied and the message shown), before anything is sent.
   */
  check?: { kind: UploadKind; mb: string };
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "accept"> & {
    ref?: React.Ref<HTMLInputElement>;
  }) {
  const own = useErrorsUntilEdited(errors ?? field.errors);
  const [refused, setRefused] = useState<string | null>(null);
  const shown = refused ? [refused] : (own.errors ?? []);
  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    own.onEdit();
    const file = event.currentTarget.files?.[0];
    const problem = file && check ? checkChosenFile(file, check.kind, check.mb) : null;
    if (problem) event.currentTarget.value = "";
    setRefused(problem);
    onChange?.(event);
  };
  const hintId = `${field.id}-ayuda`;
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      {preview}
      <input
        {...rest}
        id={field.id}
        name={field.name}
        type="file"
        accept={accept}
        onChange={choose}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={shown.length > 0 ? `${field.errorId} ${hintId}` : hintId}
        className="input"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      <Errors id={field.errorId} errors={shown} />
    </div>
  );
}
