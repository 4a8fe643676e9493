// The admin's course search reads Course.tituloBusqueda, the title in the one normalised form
// of app/lib/search-text.ts. Every write of a title goes through courseTitleFields, so the two
// never drift apart (authoring, the seed); rows made before the column existed are filled at
// start by backfillCourseSearch (admin-courses.server.ts).
// Relative import: the seed (plain Node) imports this module too.
import { normalizeSearch } from "../../lib/search-text.ts";

/** The title and its search form, for a course's create or update data. */
export function courseTitleFields(titulo: string) {
  return { titulo, tituloBusqueda: normalizeSearch(titulo) };
}
