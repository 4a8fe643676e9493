import { Fragment } from "react";

/**
 * An e-mail address that may wrap after its '@' and its dots (<wbr>), so that a long address
 * breaks at sensible points on a phone; a part still too long for the line breaks where it must
 * (.email: overflow-wrap:anywhere). Copying the text gives the address unchanged.
 */
export function Email({
  value,
  bracketed = false,
  className,
}: {
  value: string;
  /** Written as <address>, after a name. */
  bracketed?: boolean;
  className?: string;
}) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <span className={className ? `email ${className}` : "email"}>
      {bracketed ? "<" : null}
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
      {bracketed ? ">" : null}
    </span>
  );
}
