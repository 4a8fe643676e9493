import { PanelLayout, type PanelLink } from "~/components/panel-layout.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";

/**
 * The panel a signed-in person works in, chosen by their role (one rule for both layouts): a
 * docente keeps the teacher's panel, its title and menu, on the pages /user shares with the
 * learners (messages, profile, certificates, courses…), so 'Mis cursos como profesor/a' is always
 * one click away (docs/product.md#course-teams).
 */
export function panelTitle(rol: string | null | undefined): string {
  return rol === "docente" ? "Panel docente" : "Panel Usuario";
}

function panelLinks(rol: string | null | undefined, unread: number): PanelLink[] {
  const messages = { to: "/user/messages", label: "Mensajes", badge: <UnreadBadge count={unread} /> };
  if (rol === "docente") {
    return [
      { to: "/docente", label: "Mis cursos como profesor/a", end: true },
      { to: "/user/profile", label: "Mi Perfil" },
      { to: "/user/courses", label: "Cursos" },
      { to: "/user/certificates", label: "Mis certificados" },
      messages,
    ];
  }
  return [
    { to: "/user/profile", label: "Mi Perfil" },
    { to: "/user/courses", label: "Cursos" },
    { to: "/user/certificates", label: "Mis certificados" },
    { to: "/user/avisos", label: "Avisos" },
    messages,
  ];
}

/** The /user and /docente layouts: the signed-in person's panel around the page. */
export function RolePanel({ rol }: { rol: string | null | undefined }) {
  const unread = useUnreadMessages();
  return <PanelLayout title={panelTitle(rol)} links={panelLinks(rol, unread)} />;
}
