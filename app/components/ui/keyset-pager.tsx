import { Link, useLocation } from "react-router";
import { pageFrom, withPage } from "~/lib/pagination.ts";

/**
 * The links to the newer and older page of a list read by cursor (lib/keyset.ts): plain links
 * that keep the other query parameters, so paging works without JavaScript.
 */
export function KeysetPager({
  cursors,
  label = "Paginación de avisos",
  older = "Anteriores →",
  className = "mt-6 items-center gap-4",
}: {
  cursors: { prev: string | null; next: string | null };
  label?: string;
  older?: string;
  className?: string;
}) {
  const { search } = useLocation();
  const page = pageFrom(search);
  if (!cursors.prev && !cursors.next) return null;
  return (
    <nav aria-label={label} className={`flex justify-between text-sm ${className}`}>
      {cursors.prev ? (
        <Link to={withPage(search, page - 1, { antes: cursors.prev })} className="btn-secondary" rel="prev">
          ← Más recientes
        </Link>
      ) : (
        <span />
      )}
      {cursors.next ? (
        <Link to={withPage(search, page + 1, { desde: cursors.next })} className="btn-secondary" rel="next">
          {older}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
