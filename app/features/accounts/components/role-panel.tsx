import type { ReactNode } from "react";
import { PanelLayout, type PanelLink } from "~/components/panel-layout.tsx";

/**
 * The panel a signed-in person works in, chosen by their role (one rule for both layouts): a
 * docente keeps the teacher's panel, its title and menu, on the pages /user shares with the
 * learners (messages, profile, certificates, courses…), so 'Mis cursos como profesor/a' is always
 * one click away (docs/product.md#course-teams).
 */
export function panelTitle(rol: string | null | undefined): string {
  return rol === "docente" ? "Panel docente" : "Panel Usuario";
}

function panelLinks(rol: string | null | undefined, unreadBadge: ReactNode): PanelLink[] {
  const messages = { to: "/user/messages", label: "Mensajes", badge: unreadBadge };
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

/**
 * The /user and /docente layouts: the signed-in person's panel around the page; `unreadBadge` is
 * the messages feature's count beside 'Mensajes' (the layouts pass it in).
 */
export function RolePanel({ rol, unreadBadge }: { rol: string | null | undefined; unreadBadge: ReactNode }) {
  return <PanelLayout title={panelTitle(rol)} links={panelLinks(rol, unreadBadge)} />;
}
