import { courseSummaryJson, type FeaturedCourses } from "~/features/courses/course-json.ts";
import { listFeaturedCourses } from "~/features/courses/courses.server.ts";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";

/** GET /api/cursos/destacados: the 10 published courses with most participants. */
export const loader = () =>
  handleApi(async () => apiJson<FeaturedCourses>({ cursos: (await listFeaturedCourses()).map(courseSummaryJson) }));
export const action = () => methodNotAllowed("GET");
