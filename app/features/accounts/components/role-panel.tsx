import type { ReactNode } from "react";
import { PanelLayout, type PanelLink } from "~/components/panel-layout.tsx";

/** The panel of a role (one rule for every layout): a docente keeps theirs on the pages /user shares. */
export function panelTitle(rol: string | null | undefined): string {
  if (rol === "admin") return "Panel Administrador";
  return rol === "docente" ? "Panel docente" : "Panel Usuario";
}

function panelLinks(
  rol: string | null | undefined,
  unreadBadge: ReactNode,
  pending: number,
  review: number,
): PanelLink[] {
  if (rol === "admin") {
    return [
      { to: "/admin", label: "Resumen", end: true },
      { to: "/admin/profile", label: "Mi Perfil" },
      { to: "/admin/courses", label: "Mis Cursos" },
      { to: "/admin/records", label: "Registros", badge: <CountBadge count={pending} spoken={pendingLabel} /> },
      { to: "/admin/messages", label: "Mensajes", badge: unreadBadge },
      { to: "/admin/library", label: "Biblioteca" },
    ];
  }
  // The teacher's screens shared with the learners are mounted in her panel too (/docente/…).
  const panel = rol === "docente" ? "/docente" : "/user";
  const shared = [
    { to: `${panel}/profile`, label: "Mi Perfil" },
    { to: `${panel}/courses`, label: "Cursos" },
    { to: `${panel}/certificates`, label: "Mis certificados" },
  ];
  const messages = { to: `${panel}/messages`, label: "Mensajes", badge: unreadBadge };
  if (rol === "docente")
    return [
      { to: "/docente", label: "Mis cursos como profesor/a", end: true },
      { to: "/docente/revisar", label: REVIEW_TITLE, badge: <CountBadge count={review} spoken={reviewLabel} /> },
      ...shared,
      messages,
    ];
  return [...shared, { to: "/user/avisos", label: "Avisos" }, messages];
}

/** The signed-in person's panel around the page, with the counts its menu shows (decision 042). */
export function RolePanel({
  rol,
  unreadBadge,
  pending = 0,
  review = 0,
}: {
  rol: string | null | undefined;
  unreadBadge: ReactNode;
  pending?: number;
  review?: number;
}) {
  return <PanelLayout title={panelTitle(rol)} links={panelLinks(rol, unreadBadge, pending, review)} />;
}

/** The teacher's page of what waits for her. */
export const REVIEW_TITLE = "Para revisar";
/** How many accounts wait for approval, as the menu's 'Registros (n)' reads it out: '1 pendiente'. */
export const pendingLabel = (count: number) =>
  count > 99 ? "más de 99 pendientes" : count === 1 ? "1 pendiente" : `${count} pendientes`;
const reviewLabel = (count: number) => `${count > 99 ? "más de 99" : count} por revisar`;

/** " (3)" after a menu entry, read out as `spoken(count)` ("3 pendientes"); nothing at 0; "99+" beyond. */
function CountBadge({ count, spoken }: { count: number; spoken: (count: number) => string }) {
  if (count <= 0) return null;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <>
      <span aria-hidden="true"> ({shown})</span>
      <span className="sr-only"> ({spoken(count)})</span>
    </>
  );
}
