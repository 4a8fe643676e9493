import { isAudiencePage } from "~/features/courses/audience.ts";
import { INVALID_CATEGORY } from "~/features/learning/audience-page.server.ts";
import { courseListJson } from "~/features/courses/course-json.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiError, apiPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { searchFrom } from "~/features/courses/search-query.ts";
import type { Route } from "./+types/cursos.audience";

/** GET /api/cursos/publico/{tipo}: the public (published) courses of an audience. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    apiQuery(request, ...documentedQuery("/api/cursos/publico/{tipo}"));
    if (!isAudiencePage(params.tipo)) return apiError(404, INVALID_CATEGORY);
    const url = request.url;
    const result = await listCourses({
      viewer: null,
      audience: params.tipo,
      page: pageFrom(url),
      cursor: cursorFrom(url),
      q: searchFrom(url),
    });
    return apiPageJson(courseListJson(result), url, result);
  });
}
export const action = () => methodNotAllowed("GET");
