import type { ReactNode } from "react";

/** A column's header; `href` makes it a link (the gradebook's tarea columns: to their hand-ins). */
export type AdminColumn = { label: string; align?: "right"; href?: string };

const HEAD_CLASS = "border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500";

/**
 * The admin lists' table (courses, records, library, participants): a card holding a table on
 * wide screens and one small card per row on a phone (app.css, .admin-table), column headers,
 * and a full-width row with `empty` when there is nothing to list. Rows (`<tr>`) are the children.
 */
export function AdminTable({
  columns,
  minWidth,
  empty,
  className = "card mt-6 overflow-x-auto",
  stickyHeader = false,
  caption,
  scrollLabel,
  children,
}: {
  columns: readonly AdminColumn[];
  /** A Tailwind min-width class written out in full (e.g. "min-w-[600px]"), so it is generated. */
  minWidth: string;
  /** Shown in a single row instead of the rows; null or undefined when there are rows. */
  empty?: ReactNode;
  className?: string;
  stickyHeader?: boolean;
  /** The table's visually hidden `<caption>` (WCAG 1.3.1); it also names the scroll box unless `scrollLabel` does. */
  caption?: string;
  /** The name of the box the table scrolls in: a focusable region, scrolled without a mouse (WCAG 2.1.1). */
  scrollLabel?: string;
  children?: ReactNode;
}) {
  const regionLabel = scrollLabel ?? caption;
  const region = regionLabel ? { role: "region", "aria-label": regionLabel, tabIndex: 0 } : {};
  return (
    <div className={className} {...region}>
      <table className={`admin-table w-full ${minWidth} text-left text-sm`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={`${stickyHeader ? "sticky top-0 " : ""}${HEAD_CLASS}`}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.align === "right" ? "px-3 py-3 text-right" : "px-3 py-3"}
              >
                {column.href ? (
                  <a href={column.href} className="underline">
                    {column.label}
                  </a>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A row's actions cell: its buttons and links, right-aligned. */
export function ActionsCell({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <td className="px-3 py-3">
      <div className={`admin-table-actions ${wrap ? "flex flex-wrap justify-end gap-1" : "flex justify-end gap-2"}`}>
        {children}
      </div>
    </td>
  );
}
