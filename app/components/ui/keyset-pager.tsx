import { Link, useLocation } from "react-router";
import { withPage } from "~/lib/pagination.ts";

const NEWER = "← Más recientes";
const OLDER = "Anteriores →";

/**
 * The links to the newer and older page of a list read by cursor (lib/keyset.ts): plain links
 * that keep the other query parameters, so paging works without JavaScript.
 */
export function KeysetPager({
  cursors,
  label = "Paginación de avisos",
}: {
  cursors: { prev: string | null; next: string | null };
  label?: string;
}) {
  const { search } = useLocation();
  const page = Number(new URLSearchParams(search).get("page")) || 1;
  if (!cursors.prev && !cursors.next) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4 text-sm">
      {cursors.prev ? (
        <Link to={withPage(search, page - 1, { antes: cursors.prev })} className="btn-secondary" rel="prev">
          {NEWER}
        </Link>
      ) : (
        <span />
      )}
      {cursors.next ? (
        <Link to={withPage(search, page + 1, { desde: cursors.next })} className="btn-secondary" rel="next">
          {OLDER}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
