import { useLocation } from "react-router";
import { pageFrom, withPage } from "~/lib/pagination.ts";
import { PageLinks, type Cursors } from "./pagination.tsx";

/** The links to the newer and older page of a list read by cursor (lib/keyset.ts). */
export function KeysetPager({
  cursors,
  label = "Paginación de avisos",
  older = "Anteriores →",
  className = "mt-6 items-center gap-4",
}: {
  cursors: Cursors;
  label?: string;
  older?: string;
  className?: string;
}) {
  const { search } = useLocation();
  const page = pageFrom(search);
  if (!cursors.prev && !cursors.next) return null;
  return (
    <PageLinks
      label={label}
      className={className}
      prev={cursors.prev ? { to: withPage(search, page - 1, { antes: cursors.prev }), text: "← Más recientes" } : null}
      next={cursors.next ? { to: withPage(search, page + 1, { desde: cursors.next }), text: older } : null}
    />
  );
}
