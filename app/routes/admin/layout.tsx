import { PanelLayout, type PanelLink } from "~/components/panel-layout.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { countPendingUsers } from "~/features/accounts/users.server.ts";
import { pendingLabel } from "~/features/accounts/records-texts.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Panel Administrador");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { pending: await countPendingUsers() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const unread = useUnreadMessages();
  const links: PanelLink[] = [
    { to: "/admin", label: "Resumen", end: true },
    { to: "/admin/profile", label: "Mi Perfil" },
    { to: "/admin/courses", label: "Mis Cursos" },
    { to: "/admin/records", label: "Registros", badge: <PendingBadge count={loaderData.pending} /> },
    { to: "/admin/messages", label: "Mensajes", badge: <UnreadBadge count={unread} /> },
    { to: "/admin/library", label: "Biblioteca" },
  ];
  return <PanelLayout title="Panel Administrador" links={links} />;
}

/** " (3)" after 'Registros', read out as "3 pendientes" ("1 pendiente"); nothing when nobody waits. */
function PendingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <>
      <span aria-hidden="true"> ({shown})</span>
      <span className="sr-only"> ({pendingLabel(count)})</span>
    </>
  );
}
