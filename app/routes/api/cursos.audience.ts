import { COURSES_PAGE_SIZE, listCourses } from "~/features/courses/courses.server.ts";
import { CourseListSchema, courseListJson } from "~/features/courses/course-json.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { isAudiencePage } from "~/features/courses/audience.ts";
import { apiError, apiPageJson } from "~/lib/api.server.ts";
import { courseListQuery } from "~/features/courses/search-query.ts";
import { INVALID_CATEGORY } from "~/features/courses/texts.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/publico/{tipo}", {
  get: {
    tag: "Cursos",
    summary: "Cursos publicados para un público",
    description:
      "Los cursos publicados dirigidos a ese público (docente, estudiante o comunidad), " +
      `${COURSES_PAGE_SIZE} por página.`,
    access: "public",
    query: [...KEYSET],
    ok: { 200: json("Una página de cursos.", CourseListSchema, ["Link"]) },
    errors: { 404: error("Público desconocido.", INVALID_CATEGORY) },
    handler: async ({ params, url }) => {
      if (!isAudiencePage(params.tipo)) return apiError(404, INVALID_CATEGORY);
      const result = await listCourses({ viewer: null, audience: params.tipo, ...courseListQuery(url) });
      return apiPageJson(courseListJson(result), url.href, result);
    },
  },
});
export const action = loader;
