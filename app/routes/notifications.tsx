// /notificaciones (docs/product.md#notifications): any signed-in account's own notifications.
import { requireUser } from "~/features/accounts/guards.server.ts";
import { NotificationsScreen } from "~/features/notifications/components/notifications-screen.tsx";
import { loadNotificationsPage, notificationsPageAction } from "~/features/notifications/page.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Notificaciones");

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  return loadNotificationsPage(user, args.request);
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  return notificationsPageAction(user, args.request);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <NotificationsScreen {...loaderData} />;
}
