import { useRouteLoaderData } from "react-router";
import { unreadShown, unreadSpoken } from "~/features/notifications/limits.ts";

/** What this hook reads of the root loader's data (app/root.tsx returns it, `satisfies` this). */
export type RootUnread = { user: { unread: number } | null };

/**
 * The signed-in user's unread message count, counted once per request by the root loader (a
 * capped range of the (toId, leidoEn) index) and shared by the header and both panel menus.
 */
export function useUnreadMessages(): number {
  return useRouteLoaderData<RootUnread>("root")?.user?.unread ?? 0;
}

/**
 * " (3)" after a menu's 'Mensajes', read out as "3 sin leer"; nothing when all are read.
 * Beyond the cap it shows "99+" ("más de 99 sin leer").
 */
export function UnreadBadge({ count }: { count: number }) {
  const shown = unreadShown(count);
  if (!shown) return null;
  return (
    <>
      <span aria-hidden="true"> ({shown})</span>
      <span className="sr-only"> ({unreadSpoken(count)})</span>
    </>
  );
}
