import { RolePanel, panelTitle } from "~/features/auth/components/role-panel.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { countPendingUsers } from "~/features/users/users.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, panelTitle("admin"));

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { pending: await countPendingUsers() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <RolePanel rol="admin" pending={loaderData.pending} />;
}
