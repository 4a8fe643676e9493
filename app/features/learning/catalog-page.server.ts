import { listCourses } from "~/features/courses/courses.server.ts";
import { courseListQuery } from "~/features/courses/search-query.ts";
import { SOME_WORDS_PARAM } from "~/features/courses/texts.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { withLearnerStates } from "./learner-state.server.ts";

/**
 * A page of a catalog list (/cursos, an audience's list) as the address asks for it: its search
 * (`q`, and the courses with some of its words under the last page of those with all, or alone
 * at ?alguna=1), its page, and the viewer's learner states.
 */
export async function loadCatalogPage(viewer: Viewer, url: string | URL, audience?: string) {
  const query = courseListQuery(url);
  const some = new URL(url).searchParams.get(SOME_WORDS_PARAM) === "1";
  const list = await listCourses({ viewer, audience, ...query, some, withSome: true });
  return { q: query.q, ...(await withLearnerStates(viewer, list)) };
}
