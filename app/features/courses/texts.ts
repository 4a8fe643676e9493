// Words shared by every course screen and call (catalog, enrolment, authoring, certificates).
// Free of Zod and Prisma, so pages can import them without shipping either to the browser.
import { countPhrase, SEARCH_NARROW_HINT } from "~/lib/search-count.ts";

export const COURSE_NOT_FOUND = "Curso no encontrado";
/** /cursos/{tipo} with no such audience. */
export const INVALID_CATEGORY = "Categoría no válida";

// The catalog's search box (/cursos, the audience lists).
export const courseSearchSummary = (total: number, exact: boolean, q: string) =>
  `${countPhrase(total, exact, "curso", "cursos")} con «${q}»${exact ? "" : `. ${SEARCH_NARROW_HINT}`}`;
/** A search of several words: the courses with all of them first, then those with some (?alguna=1). */
export const SOME_WORDS_PARAM = "alguna";
export const someWordsSummary = (total: number, exact: boolean, q: string) =>
  `${countPhrase(total, exact, "curso", "cursos")} con algunas de las palabras de «${q}»` +
  `${exact ? "" : `. ${SEARCH_NARROW_HINT}`}`;

// The course's teaching team (docs/product.md#course-teams).
export const TEAM_USER_UNKNOWN = "No hay una cuenta con ese correo.";
export const TEAM_USER_NOT_APPROVED =
  "Esa cuenta aún no está aprobada: un administrador debe aprobarla en Registros primero.";
export const TEAM_USER_NOT_DOCENTE = "Solo una cuenta con rol docente puede ser profesor/a del curso.";
/** A team's teacher adding a colleague hears only this, so the field tells nobody which e-mails have accounts. */
export const TEAM_NO_DOCENTE = "No hay una cuenta docente aprobada con ese correo.";
export const TEAM_ALREADY = "Esa persona ya es parte del equipo docente.";
export const TEAM_NOT_MEMBER = "Esa persona no es parte del equipo docente.";
export const TEAM_TOO_MANY = "Un equipo docente tiene como máximo 50 profesores/as.";

// Review before publishing (docs/product.md#course-teams).
export const REVIEW_SENT = "Curso enviado a revisión. Un administrador lo revisará.";
export const REVIEW_NOT_DRAFT = "Solo un borrador se puede enviar a revisión.";
export const REVIEW_NOT_PENDING = "Este curso no está en revisión.";
export const REVIEW_RETURNED = "Curso devuelto a borrador. El equipo docente recibió tu comentario.";
export const REVIEW_COMMENT_REQUIRED = "Escribe un comentario para el equipo docente.";

// A private course (docs/decisions/039-private-courses.md).
export const CLASS_READY = "El curso está listo para la clase: sus estudiantes ya ven sus módulos.";
export const CLASS_NOT_READY =
  "El curso volvió a preparación: sus estudiantes no ven sus módulos hasta que esté listo.";
export const CLASS_READY_NOT_PRIVATE = "Solo un curso privado se marca lista para la clase.";
export const CLASS_READY_IN_REVIEW =
  "El curso está en revisión para el catálogo: espera la respuesta del administrador.";
export const REVIEW_PRIVATE_NOT_READY =
  "Marca el curso como lista para la clase antes de pedir su publicación en el catálogo.";
export const COURSE_PREPARING =
  "Tu profesor/a aún está preparando este curso. Sus módulos aparecerán cuando esté listo.";
