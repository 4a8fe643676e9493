import { withLearnerStates } from "./learner-state.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { isAudiencePage } from "~/features/courses/audience.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { searchFrom } from "~/features/courses/search-query.ts";
import { SOME_WORDS_PARAM } from "~/features/courses/texts.ts";
import type { Viewer } from "~/features/courses/rules.ts";

export const INVALID_CATEGORY = "Categoría no válida";

/** /cursos/{tipo} and /cursos/dirigido/{tipo}: the audience's list (with the viewer's learner states), or a 404. */
export async function loadAudiencePage(tipo: string | undefined, viewer: Viewer, url: string) {
  invariantResponse(isAudiencePage(tipo), INVALID_CATEGORY, { status: 404 });
  const q = searchFrom(url);
  const some = new URL(url).searchParams.get(SOME_WORDS_PARAM) === "1";
  const list = await listCourses({
    viewer,
    audience: tipo,
    page: pageFrom(url),
    cursor: cursorFrom(url),
    q,
    some,
    withSome: true,
  });
  return { tipo, q, ...(await withLearnerStates(viewer, list)) };
}
