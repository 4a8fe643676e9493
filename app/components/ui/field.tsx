import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";

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

/** Label + input + error, wired for Conform (aria-invalid, aria-describedby, constraints). */
export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hideErrors,
  ...rest
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  /** Messages already shown in the form summary. */
  hideErrors?: string[];
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">) {
  const props = getInputProps(field, { type, ariaDescribedBy: field.errors?.length ? field.errorId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input {...props} {...rest} key={props.key} autoComplete={autoComplete} className="input" />
      <Errors id={field.errorId} errors={field.errors} hide={hideErrors} />
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
  const props = getSelectProps(field, { ariaDescribedBy: field.errors?.length ? field.errorId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <select {...props} key={props.key} className="input">
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Errors id={field.errorId} errors={field.errors} hide={hideErrors} />
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
  const props = getTextareaProps(field, { ariaDescribedBy: field.errors?.length ? field.errorId : undefined });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea {...props} key={props.key} rows={rows} className="input" />
      <Errors id={field.errorId} errors={field.errors} hide={hideErrors} />
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
