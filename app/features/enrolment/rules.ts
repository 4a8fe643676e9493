// Who may take a course and who may open its materials (docs/product.md#enrolment, #visibility).
// Pure functions: the pages, the /api routes and the services all decide with these.
import { canSeeDrafts, isPublished, type CourseState, type Viewer } from "~/features/courses/rules.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";

export const ENROL_LOGIN_REQUIRED = "Por favor inicie sesión para tomar el curso.";
export const ENROL_OK = "¡Registro exitoso!";
export const ENROL_FAILED = "No se pudo registrar la participación. Por favor contacte al administrador.";
export const enrolWrongAudience = (audience: string) =>
  `Este curso está dirigido únicamente a usuarios con rol de ${audience}`;

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
  const r = viewer?.rol ?? null;
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
 * The audience list (/cursos/{tipo}: that audience's courses and the general ones) holding exactly
 * the published courses this viewer may take, when that is not every course: an estudiante's or a
 * comunidad member's own. null for docentes and admins (any course) and for visitors (they sign
 * in first). /cursos shows it first (docs/product.md#course-lists); it follows enrolmentDecision
 * (rules.test.ts checks every role against every audience).
 */
export function takeableAudience(viewer: Viewer): "estudiante" | "comunidad" | null {
  const r = viewer?.rol ?? null;
  return r === "estudiante" || r === "comunidad" ? r : null;
}
