import { type CourseState, CourseStateSchema } from "~/features/courses/course-json.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { CourseCreateFormSchema } from "~/features/authoring/api-schema.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { submitNewCourse } from "~/features/authoring/submission.server.ts";
import { hasRole } from "~/features/accounts/guards.server.ts";
import { ApiError, apiFailure, apiJson, fixedValue } from "~/lib/api.server.ts";
import { VISIBILITIES } from "~/features/courses/rules.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos", {
  post: {
    tag: "Cursos",
    summary: "Crear un curso (queda en borrador)",
    description: "Administradores y docentes; un docente queda como primer profesor/a del curso.",
    access: "user",
    errors: { 403: error("Quien llama no es administrador ni docente.", NOT_ALLOWED) },
    body: { form: CourseCreateFormSchema },
    ok: { 201: json("Curso creado.", CourseStateSchema) },
    // Admins and docentes (who become its first teacher), checked before a byte of the body is read.
    handler: async ({ user, request }) => {
      if (!hasRole(user, ["admin", "docente"])) throw new ApiError(403, NOT_ALLOWED);
      const outcome = await submitNewCourse(user, request, "api");
      if (!outcome.ok) return apiFailure(outcome);
      const { id, visibilidad } = outcome;
      return apiJson<CourseState>(
        { message: "Curso creado", id, estado: "borrador", visibilidad: fixedValue(VISIBILITIES, visibilidad) },
        201,
      );
    },
  },
});
export const action = loader;
