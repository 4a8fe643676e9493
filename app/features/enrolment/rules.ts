// Who may take a course and who may open its materials (docs/product.md#enrolment, #visibility).
// Pure functions: the pages, the /api routes and the services all decide with these.
import {
  NO_TIES,
  canSeeCourse,
  canSeeDrafts,
  isOpenToLearners,
  isPrivate,
  isPublished,
  type CourseState,
  type Ties,
  type Viewer,
  type Visibility,
} from "~/features/courses/rules.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { CLASS_COURSE_NOT_OPEN } from "./texts.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";

export const ENROL_LOGIN_REQUIRED = "Por favor inicie sesión para tomar el curso.";
export const ENROL_OK = "¡Registro exitoso!";
export const ENROL_FAILED = "No se pudo registrar la participación. Por favor contacte al administrador.";
export const enrolWrongAudience = (audience: string) =>
  `Este curso está dirigido únicamente a usuarios con rol de ${audience}`;

/**
 * Files, links and quizzes of a course the viewer may see: docentes and admins (of a private
 * course, admins and its team only), and enrolled users once it is open to its learners (a private
 * course 'Lista para la clase', isOpenToLearners).
 */
export function canAccessMaterials(viewer: Viewer, ties: Ties, course: Visibility): boolean {
  const staff = isPrivate(course) ? viewer?.rol === "admin" || ties.team : canSeeDrafts(viewer);
  return staff || (viewer !== null && ties.enrolled && isOpenToLearners(course));
}

/** Why a course cannot be taken (the enrolment service adds "not-found" and "error"). */
export type EnrolRefusal = "login" | "audience" | "not-found" | "error" | "not-open";

/**
 * May this viewer start this course? Must be signed in; an audience other than 'general' must
 * match the role (docentes may take any course, admins too). A draft is, for everyone who may
 * not see drafts, a course that does not exist (404, as its page and image answer): checked
 * first, so no other answer reveals that the draft is there. A private course is taken through
 * its classes (classEnrolmentDecision); by itself only by those who see it (its team, admins:
 * `ties`), to everyone else a 404.
 */
export function enrolmentDecision(
  viewer: Viewer,
  course: CourseState,
  ties: Ties = NO_TIES,
): Result<object, Failure<EnrolRefusal>> {
  const r = viewer?.rol ?? null;
  if (!viewer) return fail(401, ENROL_LOGIN_REQUIRED, { reason: "login" });
  if (isPrivate(course)) {
    return canSeeCourse(viewer, course, ties) ? ok() : fail(404, COURSE_NOT_FOUND, { reason: "not-found" });
  }
  const privileged = r === "admin" || r === "docente";
  if (!isPublished(course) && !privileged) return fail(404, COURSE_NOT_FOUND, { reason: "not-found" });
  const audience = course.dirigidoA.toLowerCase();
  if (audience !== "general" && audience !== r && !privileged) {
    return fail(403, enrolWrongAudience(audience), { reason: "audience" });
  }
  return ok();
}

/**
 * May this person join the course through one of its classes (a class code, an invitation, an
 * imported list)? A private course: yes, whatever its estado and audience (the class decides who is
 * in it; docs/decisions/039-private-courses.md). A public one: once published (a draft's code is
 * refused, 409 'not-open', docs/decisions/022), then enrolmentDecision (its audience).
 */
export function classEnrolmentDecision(viewer: Viewer, course: CourseState): Result<object, Failure<EnrolRefusal>> {
  if (!viewer) return fail(401, ENROL_LOGIN_REQUIRED, { reason: "login" });
  if (isPrivate(course)) return ok();
  if (!isPublished(course)) return fail(409, CLASS_COURSE_NOT_OPEN, { reason: "not-open" });
  return enrolmentDecision(viewer, course);
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
