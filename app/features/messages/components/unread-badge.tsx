import { useRouteLoaderData } from "react-router";
import { unreadShown, unreadSpoken } from "~/features/notifications/limits.ts";

/** What this hook reads of the root loader's data (app/root.tsx returns it, `satisfies` this). */
export type RootUnread = { user: { unread: number } | null };

/** The signed-in user's unread message count, counted once per request by the root loader. */
export function useUnreadMessages(): number {
  return useRouteLoaderData<RootUnread>("root")?.user?.unread ?? 0;
}

/** " (3)" after a menu's 'Mensajes', read out as "3 sin leer" ("99+" beyond the cap); nothing when all are read. */
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
