import { PanelLayout } from "~/components/panel-layout.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { requireDocente } from "~/features/auth/guards.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

// /docente: the teacher's panel (docs/product.md#course-teams). Their courses as a teacher and,
// as before, the courses they take; the pages of one course are the admin's route modules,
// guarded per course (features/courses/team.server.ts).
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Panel docente");

export async function loader(args: Route.LoaderArgs) {
  await requireDocente(args);
  return null;
}

export default function DocenteLayout() {
  const unread = useUnreadMessages();
  const links = [
    { to: "/docente", label: "Mis cursos como profesor/a", end: true },
    { to: "/user/profile", label: "Mi Perfil" },
    { to: "/user/courses", label: "Cursos" },
    { to: "/user/certificates", label: "Mis certificados" },
    { to: "/user/messages", label: "Mensajes", badge: <UnreadBadge count={unread} /> },
  ];
  return <PanelLayout title="Panel docente" links={links} />;
}
