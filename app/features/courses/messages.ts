// Words shared by every course screen and call (catalog, enrolment, authoring, certificates).
// Free of Zod and Prisma, so pages can import them without shipping either to the browser.
export const COURSE_NOT_FOUND = "Curso no encontrado";
export const MATERIALS_NEED_ENROLMENT =
  "Inscríbete con «Comenzar Curso» para ver los materiales y las evaluaciones de cada módulo.";

// The catalog's search box (/cursos, the audience lists).
export const COURSE_SEARCH_LABEL = "Buscar cursos";
export const courseSearchSummary = (total: number, q: string) =>
  `${total} ${total === 1 ? "curso" : "cursos"} con «${q}»`;
export const courseSearchEmpty = (q: string) =>
  `No encontramos cursos con «${q}». Prueba con otras palabras o revisa la ortografía.`;
