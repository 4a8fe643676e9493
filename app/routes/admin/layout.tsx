import { PanelLayout } from "~/components/panel-layout.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Panel Administrador");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function AdminLayout() {
  const unread = useUnreadMessages();
  const links = [
    { to: "/admin/profile", label: "Mi Perfil" },
    { to: "/admin/courses", label: "Mis Cursos" },
    { to: "/admin/records", label: "Registros" },
    { to: "/admin/messages", label: "Mensajes", badge: <UnreadBadge count={unread} /> },
    { to: "/admin/library", label: "Biblioteca" },
  ];
  return <PanelLayout title="Panel Administrador" links={links} />;
}
