import { Form, Link } from "react-router";

/**
 * A list's search box: a GET form (`?q=`), so it works without JavaScript and the search is in
 * the URL. 'Limpiar' appears while a search is active when `clearHref` is given.
 */
export function SearchForm({
  id,
  label,
  q,
  clearHref,
  maxLength = 200,
  busy = false,
  className = "",
  hidden,
}: {
  id: string;
  label: string;
  q: string;
  clearHref?: string;
  maxLength?: number;
  busy?: boolean;
  className?: string;
  /** Other parameters the search keeps (e.g. `todos=1`), as hidden fields. */
  hidden?: Record<string, string>;
}) {
  return (
    <Form method="get" role="search" className={`flex flex-wrap gap-2 ${className}`}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {/* Keyed by the search, so the box shows the current one after back/forward navigation. */}
      <input
        id={id}
        key={q}
        name="q"
        type="search"
        defaultValue={q}
        maxLength={maxLength}
        placeholder={label}
        className="input max-w-md flex-1"
      />
      <button type="submit" className="btn-secondary" disabled={busy}>
        Buscar
      </button>
      {q && clearHref ? (
        <Link to={clearHref} className="btn-ghost">
          Limpiar
        </Link>
      ) : null}
    </Form>
  );
}
