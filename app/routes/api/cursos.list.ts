import { CourseListSchema, courseListJson } from "~/features/courses/course-json.ts";
import { json, KEYSET } from "~/lib/api/operation.server.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { apiPageJson } from "~/lib/api.server.ts";
import { courseListQuery } from "~/features/courses/search-query.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/lista", {
  get: {
    tag: "Cursos",
    summary: "Todos los cursos que quien llama puede ver",
    description: "Sin credenciales, los publicados; un administrador ve también los borradores.",
    access: "optional",
    query: [...KEYSET],
    ok: { 200: json("Una página de cursos.", CourseListSchema, ["Link"]) },
    handler: async ({ user, url: { href } }) => {
      const result = await listCourses({ viewer: user, ...courseListQuery(href) });
      return apiPageJson(courseListJson(result), href, result);
    },
  },
});
export const action = loader;
