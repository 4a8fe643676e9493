// Who may see a course (docs/product.md#visibility). Pure functions: the pages, the /api routes
// and the services all decide with these. Who may take a course and open its materials is the
// enrolment's rule (features/enrolment/rules.ts); a viewer's ties to a private course (its team,
// an enrolment) are read by features/enrolment/access.server.ts.
import type { Role } from "~/features/accounts/roles.ts";

/** The signed-in user (role lower-cased where the session is read; null = unknown role), or a visitor. */
export type Viewer = { id: string; rol: Role | null } | null;
export type CourseState = { estado: string; dirigidoA: string; visibilidad: string };
export type Visibility = { estado: string; visibilidad: string };
/** What ties a viewer to one private course: on its team, or enrolled in it (docs/decisions/039-private-courses.md). */
export type Ties = { team: boolean; enrolled: boolean };
export const NO_TIES: Ties = { team: false, enrolled: false };

export const VISIBILITIES = ["publico", "privado"] as const;

const role = (viewer: Viewer) => viewer?.rol ?? null;

/** Docentes and admins see public drafts too (marked as drafts); everyone else, published only. */
export function canSeeDrafts(viewer: Viewer): boolean {
  const r = role(viewer);
  return r === "admin" || r === "docente";
}

export function isPublished(course: { estado: string }) {
  return course.estado === "publicado";
}

export function isPrivate(course: { visibilidad: string }) {
  return course.visibilidad === "privado";
}

/** In the open catalog: published and public (the lists, featured courses, shared caches). */
export function isInCatalog(course: Visibility) {
  return isPublished(course) && !isPrivate(course);
}

/**
 * A public course: published, or a draft for docentes and admins. A private one: its team, admins
 * and its enrolled learners only (`ties`, read for that course); to anyone else it does not exist.
 */
export function canSeeCourse(viewer: Viewer, course: Visibility, ties: Ties = NO_TIES): boolean {
  if (isPrivate(course)) return role(viewer) === "admin" || (viewer !== null && (ties.team || ties.enrolled));
  return isPublished(course) || canSeeDrafts(viewer);
}

/**
 * Whether a private course's modules are open to its enrolled learners: once its team marks it
 * 'Lista para la clase' (estado publicado; in review for the catalog it stays open). A public
 * course's learners see a published one only.
 */
export function isOpenToLearners(course: Visibility) {
  return isPrivate(course) ? course.estado !== "borrador" : isPublished(course);
}
