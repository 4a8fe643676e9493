import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root.tsx";
import { unreadBadge, unreadLabel } from "../messages.ts";

/**
 * The signed-in user's unread message count, counted once per request by the root loader (a
 * capped range of the (toId, leidoEn) index) and shared by the header and both panel menus.
 */
export function useUnreadMessages(): number {
  return useRouteLoaderData<typeof rootLoader>("root")?.user?.unread ?? 0;
}

/**
 * " (3)" after a menu's 'Mensajes', read out as "3 sin leer"; nothing when all are read.
 * Beyond the cap it shows "99+" ("más de 99 sin leer").
 */
export function UnreadBadge({ count }: { count: number }) {
  const shown = unreadBadge(count);
  if (!shown) return null;
  return (
    <>
      <span aria-hidden="true"> ({shown})</span>
      <span className="sr-only"> ({unreadLabel(count)})</span>
    </>
  );
}
