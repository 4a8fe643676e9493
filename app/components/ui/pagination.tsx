import { Link, useLocation } from "react-router";
import { withPage } from "~/lib/pagination.ts";

export type Cursors = { prev: string | null; next: string | null };

/** A list's links to the page before and after, when there are: plain links, so no JS is needed. */
export function PageLinks({
  label,
  className,
  prev,
  next,
  children,
}: {
  label: string;
  className: string;
  prev: { to: string; text: string } | null;
  next: { to: string; text: string } | null;
  children?: React.ReactNode;
}) {
  return (
    <nav aria-label={label} className={`flex justify-between text-sm ${className}`}>
      {prev ? (
        <Link to={prev.to} className="btn-secondary" rel="prev">
          {prev.text}
        </Link>
      ) : (
        <span />
      )}
      {children}
      {next ? (
        <Link to={next.to} className="btn-secondary" rel="next">
          {next.text}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * Previous / next links that keep the other query parameters. With `cursors` (a keyset list,
 * lib/keyset.ts) the links also carry the key the next or previous page is read from.
 */
export function Pagination({ page, pageCount, cursors }: { page: number; pageCount: number; cursors?: Cursors }) {
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const antes = cursors?.prev ? { antes: cursors.prev } : undefined;
  const desde = cursors?.next ? { desde: cursors.next } : undefined;
  return (
    <PageLinks
      label="Paginación"
      className="mt-8 items-center gap-4"
      prev={page > 1 ? { to: withPage(search, page - 1, antes), text: "← Anterior" } : null}
      next={page < pageCount ? { to: withPage(search, page + 1, desde), text: "Siguiente →" } : null}
    >
      <span className="text-slate-600">
        Página {page} de {pageCount}
      </span>
    </PageLinks>
  );
}
