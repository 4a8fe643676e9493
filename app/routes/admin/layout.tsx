import { RolePanel, panelTitle } from "~/features/accounts/components/role-panel.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { countPendingUsers } from "~/features/accounts/users.server.ts";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, panelTitle("admin"));

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { pending: await countPendingUsers() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const unread = useUnreadMessages();
  return <RolePanel rol="admin" unreadBadge={<UnreadBadge count={unread} />} pending={loaderData.pending} />;
}
