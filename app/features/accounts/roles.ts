// Roles and where each lands. Shared by server and browser code.
export const ROLES = ["admin", "docente", "estudiante", "comunidad"] as const;
export type Role = (typeof ROLES)[number];

/** A stored role as the app uses it: lower-cased once, where the user is read; null for a
 * role the app does not know (such an account cannot sign in: 'Rol desconocido'). */
export function toRole(stored: string): Role | null {
  const rol = stored.toLowerCase();
  return (ROLES as readonly string[]).includes(rol) ? (rol as Role) : null;
}

/** Admins may act on any account (docs/product.md#roles). */
export function isAdmin(user: { rol: Role | null } | null | undefined): boolean {
  return user?.rol === "admin";
}

/** Roles a person may choose when registering (admin is never self-assigned). */
export const SELF_SERVICE_ROLES = ["docente", "estudiante", "comunidad"] as const;

/** Roles that use the /user panel. */
const PANEL_USER_ROLES: readonly string[] = SELF_SERVICE_ROLES;

const ROLE_LABEL: Record<Role, string> = {
  admin: "Administrador",
  docente: "Docente",
  estudiante: "Estudiante",
  comunidad: "Comunidad",
};

export function roleLabel(rol: string | null): string {
  if (rol === null) return "";
  return ROLE_LABEL[rol.toLowerCase() as Role] ?? rol;
}

const HOME: Record<Role, string> = {
  admin: "/admin",
  docente: "/docente",
  estudiante: "/user",
  comunidad: "/comunidad",
};

/** Post-login destination by role (docs/product.md#post-login-destinations); null for an unknown role. */
export function homeForRole(rol: string | null): string | null {
  const role = toRole(rol ?? "");
  return role && HOME[role];
}

/** Target of the header's initials button (docs/product.md#header-and-footer). */
export function profileLinkForRole(rol: string | null): string {
  const r = rol?.toLowerCase() ?? "";
  if (r === "admin") return "/admin/profile";
  if (PANEL_USER_ROLES.includes(r)) return "/user";
  return "/";
}

/** The three panels: the admin's, the teacher's and the learners' (docs/decisions/042-the-teachers-day.md). */
export type Panel = "admin" | "docente" | "user";

/** The panel a role works in; null for a role without one. */
export function panelForRole(rol: string | null): Panel | null {
  const r = rol?.toLowerCase() ?? "";
  if (r === "admin" || r === "docente") return r;
  return PANEL_USER_ROLES.includes(r) ? "user" : null;
}

/** The messages screen of a role's panel (the header's 'Mensajes'); null for a role without one. */
export function messagesLinkForRole(rol: string | null): string | null {
  const panel = panelForRole(rol);
  return panel && `/${panel}/messages`;
}

/** 'US' when there is no name (docs/product.md#header-and-footer). */
export function initials(nombre?: string | null, apellido?: string | null): string {
  const first = nombre?.trim()?.[0] ?? "";
  const last = apellido?.trim()?.[0] ?? "";
  const value = `${first}${last}`.toUpperCase();
  return value || "US";
}

export function fullName(nombre?: string | null, apellido?: string | null): string {
  return [nombre, apellido]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");
}
