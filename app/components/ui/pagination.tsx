import { Link, useLocation } from "react-router";
import { withPage } from "~/lib/pagination.ts";

/**
 * Previous / next links that keep the other query parameters (plain links: no JS needed). With
 * `cursors` (a keyset list, lib/keyset.ts) the links also carry the key the next or previous
 * page is read from.
 */
export function Pagination({
  page,
  pageCount,
  cursors,
}: {
  page: number;
  pageCount: number;
  cursors?: { prev: string | null; next: string | null };
}) {
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginación" className="mt-8 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link
          to={withPage(search, page - 1, cursors?.prev ? { antes: cursors.prev } : undefined)}
          className="btn-secondary"
          rel="prev"
        >
          ← Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link
          to={withPage(search, page + 1, cursors?.next ? { desde: cursors.next } : undefined)}
          className="btn-secondary"
          rel="next"
        >
          Siguiente →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
