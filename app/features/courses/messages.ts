// Words shared by every course screen and call (catalog, enrolment, authoring, certificates).
// Free of Zod and Prisma, so pages can import them without shipping either to the browser.
export const COURSE_NOT_FOUND = "Curso no encontrado";
export const MATERIALS_NEED_ENROLMENT =
  "Inscríbete con «Comenzar Curso» para ver los materiales y las evaluaciones de cada módulo.";
