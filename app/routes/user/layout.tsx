import { PanelLayout } from "~/components/panel-layout.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { requirePanelUser } from "~/features/auth/guards.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Panel Usuario");

export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return { nombre: user.nombre, rol: user.rol };
}

export default function UserLayout() {
  const unread = useUnreadMessages();
  const links = [
    { to: "/user/profile", label: "Mi Perfil" },
    { to: "/user/courses", label: "Cursos" },
    { to: "/user/certificates", label: "Mis certificados" },
    { to: "/user/avisos", label: "Avisos" },
    { to: "/user/messages", label: "Mensajes", badge: <UnreadBadge count={unread} /> },
  ];
  return <PanelLayout title="Panel Usuario" links={links} />;
}
