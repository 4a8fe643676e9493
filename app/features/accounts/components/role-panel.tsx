import type { ReactNode } from "react";
import { PanelLayout, type PanelLink } from "~/components/panel-layout.tsx";
import { pendingLabel } from "~/features/accounts/records-texts.ts";

/**
 * The panel a signed-in person works in, chosen by their role (one rule for every layout): a
 * docente keeps the teacher's panel, its title and menu, on the pages /user shares with the
 * learners (messages, profile, certificates, courses…), so 'Mis cursos como profesor/a' is always
 * one click away (docs/product.md#course-teams); an admin keeps theirs on a course's pages.
 */
export function panelTitle(rol: string | null | undefined): string {
  if (rol === "admin") return "Panel Administrador";
  return rol === "docente" ? "Panel docente" : "Panel Usuario";
}

function panelLinks(rol: string | null | undefined, unreadBadge: ReactNode, pending: number): PanelLink[] {
  if (rol === "admin") {
    return [
      { to: "/admin", label: "Resumen", end: true },
      { to: "/admin/profile", label: "Mi Perfil" },
      { to: "/admin/courses", label: "Mis Cursos" },
      { to: "/admin/records", label: "Registros", badge: <PendingBadge count={pending} /> },
      { to: "/admin/messages", label: "Mensajes", badge: unreadBadge },
      { to: "/admin/library", label: "Biblioteca" },
    ];
  }
  const shared = [
    { to: "/user/profile", label: "Mi Perfil" },
    { to: "/user/courses", label: "Cursos" },
    { to: "/user/certificates", label: "Mis certificados" },
  ];
  const messages = { to: "/user/messages", label: "Mensajes", badge: unreadBadge };
  if (rol === "docente")
    return [{ to: "/docente", label: "Mis cursos como profesor/a", end: true }, ...shared, messages];
  return [...shared, { to: "/user/avisos", label: "Avisos" }, messages];
}

/**
 * The signed-in person's panel around the page (/admin, /user, /docente): `unreadBadge` is the
 * messages feature's count beside 'Mensajes' (the layouts pass it in); `pending`: an admin's 'Registros'.
 */
export function RolePanel({
  rol,
  unreadBadge,
  pending = 0,
}: {
  rol: string | null | undefined;
  unreadBadge: ReactNode;
  pending?: number;
}) {
  return <PanelLayout title={panelTitle(rol)} links={panelLinks(rol, unreadBadge, pending)} />;
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
