// Who may see a course, its materials, and take it (docs/product.md#visibility, #enrolment).
// Pure functions: the pages, the /api routes and the services all decide with these.
import type { Role } from "~/features/auth/roles.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { COURSE_NOT_FOUND } from "./texts.ts";

/** The signed-in user (role lower-cased where the session is read; null = unknown role), or a visitor. */
export type Viewer = { id: string; rol: Role | null } | null;
export type CourseState = { estado: string; dirigidoA: string };

export const ENROL_LOGIN_REQUIRED = "Por favor inicie sesión para tomar el curso.";
export const ENROL_OK = "¡Registro exitoso!";
export const ENROL_FAILED = "No se pudo registrar la participación. Por favor contacte al administrador.";
export const enrolWrongAudience = (audience: string) =>
  `Este curso está dirigido únicamente a usuarios con rol de ${audience}`;

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

/** Files, links and quizzes: enrolled users, docentes and admins. */
export function canAccessMaterials(viewer: Viewer, enrolled: boolean): boolean {
  return canSeeDrafts(viewer) || (viewer !== null && enrolled);
}

/** Why a course cannot be taken (the enrolment service adds "not-found" and "error"). */
export type EnrolRefusal = "login" | "audience" | "not-found" | "error";

/**
 * May this viewer start this course? Must be signed in; an audience other than 'general' must
 * match the role (docentes may take any course, admins too). A draft is, for everyone who may
 * not see drafts, a course that does not exist (404, as its page and image answer): checked
 * first, so no other answer reveals that the draft is there.
 */
export function enrolmentDecision(viewer: Viewer, course: CourseState): Result<object, Failure<EnrolRefusal>> {
  const r = role(viewer);
  if (!viewer) return fail(401, ENROL_LOGIN_REQUIRED, { reason: "login" });
  const privileged = r === "admin" || r === "docente";
  if (!isPublished(course) && !privileged) return fail(404, COURSE_NOT_FOUND, { reason: "not-found" });
  const audience = course.dirigidoA.toLowerCase();
  if (audience !== "general" && audience !== r && !privileged) {
    return fail(403, enrolWrongAudience(audience), { reason: "audience" });
  }
  return ok();
}

/**
 * Progress as shown: a whole number 0–100; anything non-numeric or out of range is 0
 * (docs/product.md#enrolled-courses).
 */
export function displayProgress(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 100) return 0;
  return Math.round(n);
}

export function progressStatus(value: unknown): "Finalizado" | "En progreso" {
  return displayProgress(value) === 100 ? "Finalizado" : "En progreso";
}
