import { PanelLayout, type PanelLink } from "~/components/panel-layout.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { countPendingUsers } from "~/features/users/users.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Panel Administrador");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { pending: await countPendingUsers() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const links: PanelLink[] = [
    { to: "/admin/profile", label: "Mi Perfil" },
    { to: "/admin/courses", label: "Mis Cursos" },
    { to: "/admin/records", label: "Registros", count: loaderData.pending, countLabel: "pendientes" },
    { to: "/admin/messages", label: "Mensajes" },
    { to: "/admin/library", label: "Biblioteca" },
  ];
  return <PanelLayout title="Panel Administrador" links={links} />;
}
