import { courseSummaryJson } from "~/features/courses/course-json.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { optionalApiUser } from "~/features/auth/api-guards.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/cursos.list";

/** GET /api/cursos/lista (token optional): every course the caller may see; ?page=N. */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await optionalApiUser(args);
    const result = await listCourses({ viewer, page: pageFrom(args.request.url) });
    return apiJson({
      cursos: result.courses.map(courseSummaryJson),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
    });
  });
}
export const action = () => methodNotAllowed("GET");
