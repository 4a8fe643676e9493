// The course searches read CourseWord: one row per distinct word of the title, the welcome text,
// the tools and what learners will learn (lib/search-text.ts), written in the same transaction as
// the course (courseWordsCreate / courseWordsUpdate); older rows are filled at start by
// backfillCourseWords. courseTitleFields writes the title's folded form with the title.
// Relative import: the seed (plain Node) imports this module too.
import { normalizeSearch, searchWords, wordsCreate, wordsUpdate } from "../../lib/search-text.ts";

/** The title and its search form, for a course's create or update data. */
export function courseTitleFields(titulo: string) {
  return { titulo, tituloBusqueda: normalizeSearch(titulo) };
}

/** The fields a course is found by. */
export type CourseSearchText = {
  titulo: string;
  bienvenida?: string | null;
  herramientas?: unknown;
  loAprenderan?: unknown;
};

const strings = (list: unknown) =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];

/** The distinct words of a course's title, welcome text, tools and what learners will learn. */
export function courseSearchWords(course: CourseSearchText): string[] {
  return searchWords(
    course.titulo,
    course.bienvenida ?? "",
    ...strings(course.herramientas),
    ...strings(course.loAprenderan),
  );
}

/** `words` of a new course's create data (a nested write: the same statement as the course). */
export function courseWordsCreate(course: CourseSearchText) {
  return { words: wordsCreate(courseSearchWords(course)) };
}

/** `words` of a course's update data that rewrites its fields: the old words go. */
export function courseWordsUpdate(course: CourseSearchText) {
  return { words: wordsUpdate(courseSearchWords(course)) };
}
