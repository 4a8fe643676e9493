import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { CourseStateSchema, type CourseState } from "~/features/courses/course-json.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { publishCourse, PUBLISH_FAILED } from "~/features/courses/admin-courses.server.ts";
import { apiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import { mayPublishCourse } from "~/features/courses/team.server.ts";
import { fail } from "~/lib/failure.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/publicar", {
  put: {
    tag: "Cursos",
    summary: "Publicar un curso",
    description:
      "Administradores; el equipo docente del curso solo si la academia lo permite (TEACHERS_PUBLISH=true). " +
      "Publica también un curso en revisión.",
    access: "team",
    ok: { 200: json("Curso publicado.", CourseStateSchema) },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ user, params: { cursoId }, request }) => {
      if (!mayPublishCourse(user)) return apiError(403, NOT_ALLOWED);
      const outcome = await publishCourse(user, cursoId, request).catch(() => fail(500, PUBLISH_FAILED));
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: "Curso publicado", id: cursoId, estado: "publicado" });
    },
  },
});
export const action = loader;
