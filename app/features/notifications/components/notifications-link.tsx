import { Link } from "react-router";
import { unreadShown, unreadSpoken } from "../limits.ts";

/**
 * The header's link to /notificaciones: a bell and the unread count ("3", "99+"), read as
 * "Notificaciones (3 sin leer)": its name comes from its content, as the messages' badge does.
 */
export function NotificationsLink({ count }: { count: number }) {
  const shown = unreadShown(count);
  return (
    <Link
      to="/notificaciones"
      className={
        // Compact (36 px high, as the menu button): beside the logo and 'Menú' on a 320 px phone.
        "inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-0.5 rounded-md px-1 " +
        "text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700"
      }
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className="sr-only">Notificaciones</span>
      {shown ? (
        <>
          <span aria-hidden="true" className="rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
            {shown}
          </span>
          <span className="sr-only"> ({unreadSpoken(count)})</span>
        </>
      ) : null}
    </Link>
  );
}
