import { courseListJson } from "~/features/courses/course-json.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { apiPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { optionalApiUser } from "~/features/auth/api-guards.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { searchFrom } from "~/features/courses/search-query.ts";
import type { Route } from "./+types/cursos.list";

/**
 * GET /api/cursos/lista (token optional): every course the caller may see; ?q= (words), ?page=N
 * (the Link header: cursors).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await optionalApiUser(args);
    apiQuery(args.request, ...documentedQuery("/api/cursos/lista"));
    const url = args.request.url;
    const result = await listCourses({ viewer, page: pageFrom(url), cursor: cursorFrom(url), q: searchFrom(url) });
    return apiPageJson(courseListJson(result), url, result);
  });
}
export const action = () => methodNotAllowed("GET");
