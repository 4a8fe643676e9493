// Words shared by every course screen and call (catalog, enrolment, authoring, certificates).
// Free of Zod and Prisma, so pages can import them without shipping either to the browser.
import { countPhrase, SEARCH_NARROW_HINT } from "~/lib/search-count.ts";

export const COURSE_NOT_FOUND = "Curso no encontrado";
export const MATERIALS_NEED_ENROLMENT =
  "Inscríbete con «Comenzar Curso» para ver los materiales y las evaluaciones de cada módulo.";

// The catalog's search box (/cursos, the audience lists).
export const COURSE_SEARCH_LABEL = "Buscar cursos";
export const courseSearchSummary = (total: number, exact: boolean, q: string) =>
  `${countPhrase(total, exact, "curso", "cursos")} con «${q}»${exact ? "" : `. ${SEARCH_NARROW_HINT}`}`;
export const courseSearchEmpty = (q: string) =>
  `No encontramos cursos con «${q}». Prueba con otras palabras o revisa la ortografía.`;
/** A search of several words: the courses with all of them first, then those with some (?alguna=1). */
export const SOME_WORDS_PARAM = "alguna";
export const SOME_WORDS_TITLE = "Cursos con algunas de las palabras";
export const SOME_WORDS_MORE = "Ver más cursos con algunas de las palabras";
export const SOME_WORDS_BACK = "Ver los cursos con todas las palabras";
export const noneWithEveryWord = (q: string) => `Ningún curso tiene todas las palabras de «${q}».`;
export const someWordsSummary = (total: number, exact: boolean, q: string) =>
  `${countPhrase(total, exact, "curso", "cursos")} con algunas de las palabras de «${q}»` +
  `${exact ? "" : `. ${SEARCH_NARROW_HINT}`}`;

// The course's teaching team (docs/product.md#course-teams).
export const TEAM_USER_UNKNOWN = "No hay una cuenta con ese correo.";
export const TEAM_USER_NOT_APPROVED = "Esa cuenta aún no está aprobada: apruébala en Registros primero.";
export const TEAM_USER_NOT_DOCENTE = "Solo una cuenta con rol docente puede ser profesor/a del curso.";
export const TEAM_ALREADY = "Esa persona ya es parte del equipo docente.";
export const TEAM_NOT_MEMBER = "Esa persona no es parte del equipo docente.";
export const TEAM_ADDED = "Profesor/a agregado/a al equipo docente.";
export const TEAM_REMOVED = "Profesor/a quitado/a del equipo docente.";
export const TEAM_TOO_MANY = "Un equipo docente tiene como máximo 50 profesores/as.";

// Review before publishing (docs/product.md#course-teams).
export const REVIEW_SENT = "Curso enviado a revisión. Un administrador lo revisará.";
export const REVIEW_NOT_DRAFT = "Solo un borrador se puede enviar a revisión.";
export const REVIEW_NOT_PENDING = "Este curso no está en revisión.";
export const REVIEW_RETURNED = "Curso devuelto a borrador. El equipo docente recibió tu comentario.";
export const REVIEW_COMMENT_REQUIRED = "Escribe un comentario para el equipo docente.";
export const reviewReturnedSubject = (titulo: string) => `Tu curso «${titulo}» volvió a borrador`;

/** /cursos?todos=1: an estudiante's or a comunidad member's whole catalog (their own list is the default). */
export const ALL_COURSES_PARAM = "todos";
export const takeableOwnText = (tipo: "estudiante" | "comunidad") =>
  "Te mostramos los cursos que puedes tomar: " +
  `los ${tipo === "estudiante" ? "para estudiantes" : "para comunidad"} y los para todo público.`;
export const takeableAllText = "Estás viendo todos los cursos; los de otro público indican para quién son.";
export const TAKEABLE_ALL_LINK = "Ver todos los cursos";
export const TAKEABLE_ONLY_LINK = "Ver solo los que puedo tomar";
