// Who may see a course (docs/product.md#visibility). Pure functions: the pages, the /api routes
// and the services all decide with these. Who may take a course and open its materials is the
// enrolment's rule (features/enrolment/rules.ts).
import type { Role } from "~/features/accounts/roles.ts";

/** The signed-in user (role lower-cased where the session is read; null = unknown role), or a visitor. */
export type Viewer = { id: string; rol: Role | null } | null;
export type CourseState = { estado: string; dirigidoA: string };

const role = (viewer: Viewer) => viewer?.rol ?? null;

/** Docentes and admins see drafts too (marked as drafts); everyone else, published only. */
export function canSeeDrafts(viewer: Viewer): boolean {
  const r = role(viewer);
  return r === "admin" || r === "docente";
}

export function isPublished(course: { estado: string }) {
  return course.estado === "publicado";
}

export function canSeeCourse(viewer: Viewer, course: { estado: string }): boolean {
  return isPublished(course) || canSeeDrafts(viewer);
}
